import { describe, expect, it } from "vitest";
import { ISLANDS } from "./registry";

describe("the islands registry", () => {
  it("loads a component for each island name", async () => {
    for (const [name, load] of Object.entries(ISLANDS)) {
      expect(typeof (await load()), name).toBe("function");
    }
  });
});
