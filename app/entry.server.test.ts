import pino from "pino";
import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { type AppServices, type RequestInfo, requestContext, servicesContext } from "./context";
import { handleError } from "./entry.server";

/** handleError with a logger that keeps each line's level and message. */
function logged(error: unknown, url = "http://rides.example/%0a?code=secret") {
  const lines: { level: number; msg: string; path?: string; url?: string }[] = [];
  const logger = pino({ level: "trace" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  const context = new RouterContextProvider();
  context.set(servicesContext, { logger } as unknown as AppServices);
  context.set(requestContext, { requestId: "r1" } as RequestInfo);
  handleError(error, { request: new Request(url), context, params: {} } as Parameters<typeof handleError>[1]);
  return lines;
}

/** What React Router hands handleError for a request no route takes. */
const refused = (status: number, statusText: string) => ({ status, statusText, internal: true, data: "" });

describe("handleError", () => {
  it("notes a visitor's 404 and 405 at info level, with the path but not the query", () => {
    for (const error of [refused(404, "Not Found"), refused(405, "Method Not Allowed")]) {
      const [line] = logged(error);
      expect(line).toMatchObject({ level: 30, msg: "request refused", path: "/%0a" });
      expect(JSON.stringify(line)).not.toContain("secret");
    }
  });

  it("logs a real failure at error level", () => {
    expect(logged(new Error("database gone"))[0]).toMatchObject({ level: 50, msg: "request failed" });
    expect(logged(refused(500, "Internal Server Error"))[0]).toMatchObject({ level: 50 });
  });
});
