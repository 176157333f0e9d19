import pino from "pino";
import { describe, expect, it } from "vitest";
import { factsOf, loadParts } from "./page-parts.server";

describe("the features' parts of a page (decision 050)", () => {
  it("are read at once; one that fails is logged and left out, and the page goes without it", async () => {
    const failed: string[] = [];
    const logger = pino({ level: "error" }, { write: (line: string) => failed.push(JSON.parse(line).what) });
    const parts = [
      { name: "shown", label: "a part", load: async (ride: string) => `${ride}'s part` },
      {
        name: "failing",
        label: "a failing part",
        load: async (): Promise<string> => {
          throw new Error("down");
        },
      },
    ] as const;
    expect(await loadParts(logger, parts, "r1")).toEqual({ shown: "r1's part" });
    expect(failed).toEqual(["a failing part"]);
  });

  it("give each card its own facts, without the features that have none for its ride", () => {
    const parts = { "ride-words": new Map([["r1", { average: 4.5, count: 2 }]]), "ride-photos": new Map([["r2", 3]]) };
    expect(factsOf(parts, "r1")).toEqual({ "ride-words": { average: 4.5, count: 2 } });
    expect(factsOf(parts, "r3")).toEqual({});
    expect(factsOf({ "ride-photos": undefined }, "r1")).toEqual({});
  });
});
