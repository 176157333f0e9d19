import pino from "pino";
import { describe, expect, it } from "vitest";
import { loadOrFallback } from "./load-or-fallback.server";

function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) });
  return { logger, lines };
}

describe("loadOrFallback (product.md#public-fallbacks: public data-load failures)", () => {
  it("returns the loaded data and logs nothing", async () => {
    const { logger, lines } = recordingLogger();
    await expect(
      loadOrFallback(
        logger,
        "rides",
        async () => ["loaded"],
        () => ["fallback"],
      ),
    ).resolves.toEqual(["loaded"]);
    expect(lines).toEqual([]);
  });

  it("logs a failure with its error and returns the fallback", async () => {
    const { logger, lines } = recordingLogger();
    const result = await loadOrFallback(
      logger,
      "upcoming rides",
      async () => {
        throw new Error("database is locked");
      },
      () => ["fallback"],
    );
    expect(result).toEqual(["fallback"]);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ level: 50, what: "upcoming rides", err: { message: "database is locked" } });
    expect(lines[0]?.msg).toBe("failed to load upcoming rides; showing fallback content");
  });
});
