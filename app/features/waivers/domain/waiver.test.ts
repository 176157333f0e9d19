import { describe, expect, it } from "vitest";
import {
  currentWaiverOf,
  sameName,
  WAIVER_CHANGED,
  WAIVER_NAME_MISMATCH,
  WAIVER_REQUIRED,
  WAIVER_TOO_LONG,
  waiverAnswerOf,
  waiverRefusal,
  waiverStateOf,
  waiverTextSchema,
  MAX_WAIVER_LENGTH,
  type WaiverVersion,
} from "./waiver";

const version = (id: string, scope: string, text: string): WaiverVersion => ({
  id,
  scope,
  version: 1,
  text,
  createdAt: "2027-01-01T00:00:00.000Z",
  createdBy: "editor@example.com",
});

const current = version("w-2", "ride-1", "Ride at your own risk.");

describe("waiver", () => {
  it("compares names without case, spacing or Unicode composition, and never matches an empty name", () => {
    expect(sameName("  asha   RAO ", "Asha Rao")).toBe(true);
    expect(sameName("Jose\u0301", "Jos\u00e9")).toBe(true);
    expect(sameName("Asha", "Asha Rao")).toBe(false);
    expect(sameName("", "")).toBe(false);
  });

  it("refuses a missing name, another name, and a version other than the current one", () => {
    const answer = (versionId: string, name: string) => ({ versionId, name });
    expect(waiverRefusal(null, answer("", ""), "Asha Rao")).toBeNull();
    expect(waiverRefusal(current, answer("w-2", ""), "Asha Rao")).toBe(WAIVER_REQUIRED);
    expect(waiverRefusal(current, answer("w-2", "Ravi Rao"), "Asha Rao")).toBe(WAIVER_NAME_MISMATCH);
    expect(waiverRefusal(current, answer("w-1", "Asha Rao"), "Asha Rao")).toBe(WAIVER_CHANGED);
    // A form read before the ride had a waiver: the rider reads it first.
    expect(waiverRefusal(current, answer("", "Asha Rao"), "Asha Rao")).toBe(WAIVER_CHANGED);
    expect(waiverRefusal(current, answer("w-2", "asha rao"), "Asha Rao")).toBeNull();
  });

  it("reads the answer from a posted form, anything but text as empty", () => {
    expect(waiverAnswerOf({ waiverVersion: "w-2", waiverName: "  Asha Rao " })).toEqual({
      versionId: "w-2",
      name: "Asha Rao",
    });
    expect(waiverAnswerOf({ waiverVersion: ["w-2"], waiverName: 7 })).toEqual({ versionId: "", name: "" });
    expect(waiverAnswerOf(null)).toEqual({ versionId: "", name: "" });
  });

  it("gives a registration's state against the current waiver", () => {
    expect(waiverStateOf(null, "w-1")).toBe("not-required");
    expect(waiverStateOf(current, null)).toBe("missing");
    expect(waiverStateOf(current, "w-1")).toBe("outdated");
    expect(waiverStateOf(current, "w-2")).toBe("accepted");
  });

  it("takes the ride's own text, else the site's default; an empty text is none", () => {
    const site = version("s-1", "site", "The club's waiver.");
    expect(currentWaiverOf(current, site)).toBe(current);
    expect(currentWaiverOf(version("w-3", "ride-1", ""), site)).toBe(site);
    expect(currentWaiverOf(null, version("s-2", "site", ""))).toBeNull();
  });

  it("keeps the text's paragraphs and bounds its length", () => {
    expect(waiverTextSchema.parse({ text: "  One.\n\nTwo.  " })).toEqual({ text: "One.\n\nTwo." });
    const tooLong = waiverTextSchema.safeParse({ text: "x".repeat(MAX_WAIVER_LENGTH + 1) });
    expect(tooLong.error?.issues[0]?.message).toBe(WAIVER_TOO_LONG);
  });
});
