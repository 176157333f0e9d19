import { describe, expect, it } from "vitest";
import {
  PUBLICATION_MESSAGES,
  formatInstant,
  instantToZoned,
  publicationState,
  resolvePublication,
  zonedToInstant,
} from "./publication";

describe("publication", () => {
  const now = new Date("2026-11-24T10:00:00.000Z");

  it("is a draft without an instant, scheduled before it, published from it on", () => {
    expect(publicationState(null, now)).toBe("draft");
    expect(publicationState("2026-11-24T10:00:00.001Z", now)).toBe("scheduled");
    expect(publicationState("2026-11-24T10:00:00.000Z", now)).toBe("published");
    // Instants compare as instants: the year 10000 is later than today, whatever its text.
    expect(publicationState("+010000-01-01T04:59:00.000Z", now)).toBe("scheduled");
  });

  it("reads a wall-clock time in India by default, and in any named zone, whatever the process's zone", () => {
    expect(zonedToInstant("2026-11-27T20:00")?.toISOString()).toBe("2026-11-27T14:30:00.000Z");
    expect(zonedToInstant("2026-11-27T20:00", "UTC")?.toISOString()).toBe("2026-11-27T20:00:00.000Z");
    // Either side of a daylight-saving change.
    expect(zonedToInstant("2026-07-01T09:00", "Europe/London")?.toISOString()).toBe("2026-07-01T08:00:00.000Z");
    expect(zonedToInstant("2026-12-01T09:00", "Europe/London")?.toISOString()).toBe("2026-12-01T09:00:00.000Z");
    expect(instantToZoned("2026-11-27T14:30:00.000Z")).toBe("2026-11-27T20:00");
    expect(formatInstant("2026-11-27T14:30:00.000Z")).toMatch(/27 Nov 2026.*20:00.*IST/);
  });

  it("refuses what is not a real date and time", () => {
    for (const value of ["", "2026-02-30T10:00", "2026-11-27T24:00", "2026-11-27 20:00", "tomorrow"]) {
      expect(zonedToInstant(value)).toBeNull();
    }
    expect(zonedToInstant("2026-11-27T20:00", "Mars/Olympus")).toBeNull();
  });

  it("resolves an admin's choice, refusing a time passed or a zone unknown with the field's message", () => {
    expect(resolvePublication({ publish: "draft" }, now)).toEqual({ ok: true, publishedAt: null });
    expect(resolvePublication({ publish: "now" }, now)).toEqual({ ok: true, publishedAt: now.toISOString() });
    expect(resolvePublication({ publish: "at", at: "2026-11-24T16:00" }, now)).toEqual({
      ok: true,
      publishedAt: "2026-11-24T10:30:00.000Z",
    });
    expect(resolvePublication({ publish: "at", at: "2026-11-24T15:30" }, now)).toEqual({
      ok: false,
      field: "at",
      message: PUBLICATION_MESSAGES.past,
    });
    expect(resolvePublication({ publish: "at", at: "soon" }, now)).toMatchObject({ ok: false, field: "at" });
    expect(resolvePublication({ publish: "at", at: "2027-01-01T10:00", timeZone: "Nowhere" }, now)).toMatchObject({
      ok: false,
      field: "timeZone",
    });
    expect(resolvePublication({ publish: "later" }, now)).toMatchObject({ ok: false, field: "publish" });
    for (const timeZone of ["Asia/Kolkata", "America/Los_Angeles", "Pacific/Pago_Pago"]) {
      expect(resolvePublication({ publish: "at", at: "9999-12-31T23:59", timeZone }, now)).toEqual({
        ok: false,
        field: "at",
        message: PUBLICATION_MESSAGES.outOfRange,
      });
    }
    expect(resolvePublication({ publish: "at", at: "2100-12-31T12:00", timeZone: "UTC" }, now)).toMatchObject({
      ok: true,
    });
    expect(resolvePublication(null, now)).toMatchObject({ ok: false, field: "publish" });
  });
});
