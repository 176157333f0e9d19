import pino from "pino";
import { describe, expect, it } from "vitest";
import type { AppServices } from "~/context";
import { dispatchIntent } from "./intent-dispatch.server";
import { INVALID_REQUEST, succeeded } from "./respond.server";

const context = {
  services: { logger: pino({ level: "silent" }) } as AppServices,
  actor: { id: "admin-1", email: "admin@roadbook.test" },
};
const handlers = { ping: async (body: Record<string, unknown>) => succeeded("pong", { echo: body.value }) };

function post(body: string, contentType = "application/json"): Request {
  return new Request("http://localhost/admin", { method: "POST", headers: { "Content-Type": contentType }, body });
}

async function run(request: Request) {
  const result = await dispatchIntent(request, context, handlers, "Unknown test action");
  return { status: result.init?.status ?? 200, ...result.data };
}

describe("dispatchIntent", () => {
  it("runs the handler the intent names, with the whole body", async () => {
    expect(await run(post(JSON.stringify({ intent: "ping", value: 7 })))).toEqual({
      status: 200,
      ok: true,
      message: "pong",
      echo: 7,
    });
  });

  it("refuses a body that is not a JSON object", async () => {
    for (const request of [post("intent=ping", "application/x-www-form-urlencoded"), post("{broken"), post("[]")]) {
      expect(await run(request)).toMatchObject({ status: 400, ok: false, message: INVALID_REQUEST });
    }
  });

  it("refuses an intent it has no handler for, including Object's own methods", async () => {
    for (const intent of ["pong", "constructor", "toString", "__proto__", 1, undefined]) {
      expect(await run(post(JSON.stringify({ intent })))).toMatchObject({
        status: 400,
        ok: false,
        message: "Unknown test action",
      });
    }
  });
});
