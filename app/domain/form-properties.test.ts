import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hostileRide, hostileText, hostileUrl, rideSubmission, stringsOf } from "../../tests/support/hostile-input";
import { formatCost } from "./cost";
import { formatDateRange, isSupportedDay } from "./dates";
import { distanceKm } from "./distance";
import { durationText } from "./duration";
import { buildIcs } from "./ics";
import { cleanLine, cleanParagraphs } from "./plain-text";
import { rideInputSchema } from "./ride";
import { rideJsonLd } from "./ride-seo";
import { MAX_PARTICIPANTS, MAX_RIDE_KM } from "./ride-values";
import { rideBreakdown, statsFromBreakdown } from "./stats";
import { parseOrErrors } from "./validation";
import { webOrigin } from "./web-url";

// Decision 016: whatever a form is sent, it either refuses it with a message per field or gives
// a ride that every reader of the site accepts. Each property runs on a few hundred
// generated inputs; a failure prints the seed and the smallest input that fails.

const RIDE_FIELDS = new Set(Object.keys(rideInputSchema.shape));
const SITE = { origin: "https://rides.example", siteName: "Roadbook" };

describe("the ride form, on any input", () => {
  it("refuses with a message for a known field, or accepts a ride every reader takes", () => {
    fc.assert(
      fc.property(fc.oneof(rideSubmission, hostileRide), (input) => {
        const result = parseOrErrors(rideInputSchema, input);
        if (!result.ok) {
          for (const [path, message] of Object.entries(result.errors)) {
            expect(RIDE_FIELDS.has(path.split(".")[0]!)).toBe(true);
            expect(message.trim()).not.toBe("");
          }
          return;
        }
        const ride = result.data;
        // Text a browser hydrates exactly as the server rendered it.
        for (const text of stringsOf(ride)) {
          expect(text.isWellFormed()).toBe(true);
          expect(text).toBe(text.normalize("NFC"));
          expect(text).not.toMatch(/[^\P{Cc}\n]/u);
        }
        // Numbers the databases give back exactly, and statistics that stay valid.
        expect(Number.isSafeInteger(ride.participants)).toBe(true);
        expect(ride.participants).toBeLessThanOrEqual(MAX_PARTICIPANTS);
        expect(distanceKm(ride.distance)).toBeLessThanOrEqual(MAX_RIDE_KM);
        const stats = statsFromBreakdown(rideBreakdown([{ ...ride, distanceKm: distanceKm(ride.distance) }]));
        for (const figure of Object.values(stats)) expect(Number.isSafeInteger(figure)).toBe(true);
        // Dates every page and the calendar file can show.
        for (const date of [ride.startDate, ride.endDate]) expect(isSupportedDay(date)).toBe(true);
        expect(formatDateRange(ride.startDate, ride.endDate)).not.toBe("");
        expect(durationText(ride.startDate, ride.endDate)).toMatch(/^\d+D( \d+N)?$/);
        const ics = buildIcs(
          { ...ride, uid: "r@x", summary: ride.title, url: SITE.origin, stamp: new Date(0) },
          "-//x//EN",
        );
        expect(ics).toMatch(/DTEND;VALUE=DATE:\d{8}\r\n/);
        // Links whose origin may go into a header.
        for (const url of [ride.bookingFormUrl, ride.youtubeUrl, ride.instagramUrl]) {
          if (url) expect(webOrigin(url)).toMatch(/^https?:\/\/[a-z0-9.\-[\]:]+$/);
        }
        formatCost(ride.tripCost);
        JSON.stringify(
          rideJsonLd(
            {
              ...ride,
              id: "r1",
              duration: "1D",
              price: "",
              createdAt: "2026-01-01T00:00:00Z",
              updatedAt: "2026-01-01T00:00:00Z",
            },
            SITE,
          ),
        );
      }),
      { numRuns: 400 },
    );
  });
});

describe("text cleaning", () => {
  it("gives well-formed NFC text without control characters, and cleaning it again changes nothing", () => {
    fc.assert(
      fc.property(hostileText, (text) => {
        for (const clean of [cleanLine, cleanParagraphs]) {
          const once = clean(text);
          expect(once.isWellFormed()).toBe(true);
          expect(once).toBe(once.normalize("NFC"));
          expect(clean(once)).toBe(once);
        }
        expect(cleanLine(text)).not.toMatch(/\p{Cc}|[\u2028\u2029]/u);
        expect(cleanParagraphs(text)).not.toMatch(/[^\P{Cc}\n]|[\u2028\u2029]/u);
      }),
      { numRuns: 500 },
    );
  });
});

describe("webOrigin", () => {
  it("is null or an origin that cannot split or extend a header", () => {
    fc.assert(
      fc.property(hostileUrl, (url) => {
        expect(webOrigin(url) ?? "null").toMatch(/^(?:https?:\/\/[a-z0-9.\-[\]:]+|null)$/);
      }),
      { numRuns: 500 },
    );
  });
});
