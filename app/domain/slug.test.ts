import { describe, expect, it } from "vitest";
import { titleSlug } from "./slug";

describe("titleSlug", () => {
  it("keeps letters and digits, one dash for anything else", () => {
    expect(titleSlug("Coorg Coffee Trail!")).toBe("coorg-coffee-trail");
    expect(titleSlug("  Spiti: Valley -- Circuit 2027 ")).toBe("spiti-valley-circuit-2027");
    expect(titleSlug("Kodaikanal Café")).toBe("kodaikanal-cafe");
  });

  it("is 'ride' when nothing is left, and at most 60 characters", () => {
    expect(titleSlug("!!!")).toBe("ride");
    expect(titleSlug("x".repeat(80))).toHaveLength(60);
  });
});
