import fc from "fast-check";

// Generators of what a careless client or an attacker sends to a form (decision 016): text with
// lone surrogates, control characters, combining marks and markup; numbers past 2^53 and
// 1e308; dates of the year 9999; links whose host would split a response header.

const hostileChar = fc.oneof(
  { arbitrary: fc.string({ unit: "binary", minLength: 1, maxLength: 1 }), weight: 6 },
  fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code)),
  fc.integer({ min: 0, max: 0x9f }).map((code) => String.fromCharCode(code)),
  fc.constantFrom("\u2028", "\u0301", "\ufeff", ";", ",", "'", '"', "<", ">", "&", "\\", "{{", "${"),
);

export const PAYLOADS = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "https://x;sandbox/",
  "https://a,b.example/",
  "9007199254740993",
  "1e308",
  "-1",
  "9999-12-31",
  "x\ud800y\udfff",
  "' OR 1=1 --",
  "../../etc/passwd",
  "a".repeat(5_000),
];

/** Any text, usually odd. */
export const hostileText = fc.oneof(
  { arbitrary: fc.string({ unit: hostileChar, maxLength: 40 }), weight: 4 },
  fc.constantFrom(...PAYLOADS),
);

export const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER + 2, 1e308, -1, 0, 10_000, 10_001, Number.NaN),
  fc.constantFrom("9007199254740993", "1e308", "12", " 7 ", "-3", "abc", ""),
  fc.constant(undefined),
);

const supportedDay = fc
  .date({ min: new Date("2000-01-01T00:00:00Z"), max: new Date("2100-12-31T00:00:00Z"), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

export const hostileDate = fc.oneof(
  { arbitrary: supportedDay, weight: 4 },
  fc.constantFrom("9999-12-31", "0000-01-01", "1999-12-31", "2101-01-01", "2026-02-30", "2026-13-01", ""),
  hostileText,
);

export const hostileUrl = fc.oneof(
  fc.constant(""),
  fc.webUrl(),
  fc.constantFrom(
    "https://x;sandbox/",
    "https://a,b.example/",
    "https://x'y/",
    "javascript:alert(1)",
    "//evil.example",
  ),
  hostileText,
);

const hostileList = fc.array(hostileText, { maxLength: 4 });

/** A ride every reader accepts, to be spoilt one field at a time. */
function validRideFields(): Record<string, unknown> {
  return {
    title: "Spiti Valley Circuit",
    startDate: "2027-06-10",
    endDate: "2027-06-18",
    description: "Nine days through the cold desert.",
    distance: "1,250 km",
    participants: 12,
    status: "completed",
    bookingFormUrl: "https://forms.example.com/spiti",
    highlights: ["Key Monastery"],
    itinerary: [{ day: 1, title: "Shimla", description: "Warm-up", distance: "65 km", activities: ["Briefing"] }],
  };
}

const hostileRideFields = {
  title: hostileText,
  startDate: hostileDate,
  endDate: hostileDate,
  image: fc.oneof(hostileUrl, fc.constant("/images/demo/spiti.webp")),
  description: hostileText,
  distance: fc.oneof(
    hostileText,
    hostileNumber.map((n) => `${String(n)} km`),
  ),
  participants: hostileNumber,
  status: fc.constantFrom("upcoming", "completed", "cancelled", "archived"),
  featured: fc.oneof(fc.boolean(), fc.constantFrom("on", "off", "maybe")),
  tripCost: hostileText,
  bookingCost: hostileText,
  lastBookingDate: hostileDate,
  bookingFormUrl: hostileUrl,
  youtubeUrl: hostileUrl,
  instagramUrl: hostileUrl,
  vehicleType: hostileText,
  difficulty: fc.constantFrom("", "Easy", "Moderate", "Challenging", "Difficult", "Insane"),
  maxParticipants: hostileText,
  bestSeason: hostileText,
  highlights: hostileList,
  itinerary: fc.array(
    fc.record({
      day: fc.oneof(fc.integer({ min: 1, max: 30 }), hostileNumber),
      title: hostileText,
      description: hostileText,
      distance: hostileText,
      activities: hostileList,
    }),
    { maxLength: 3 },
  ),
  included: hostileList,
  excluded: hostileList,
  thingsToCarryMandatory: hostileList,
  thingsToCarrySuggested: hostileList,
  cancellationPolicy: hostileText,
  paymentTerms: hostileText,
  howToJoin: hostileText,
};

/** A ride as a form or an import file might send it, optional fields left out at times. */
export const hostileRide = fc.record(hostileRideFields, {
  requiredKeys: ["title", "startDate", "endDate", "description", "distance"],
});

/** Every string anywhere in a value. */
export function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === "object") return Object.values(value).flatMap(stringsOf);
  return [];
}

/** A valid ride with one to four of its fields replaced by hostile values: refused or stored, half and half. */
export const rideSubmission = fc
  .tuple(hostileRide, fc.subarray(Object.keys(hostileRideFields), { minLength: 1, maxLength: 4 }))
  .map(([hostile, keys]) => {
    const ride: Record<string, unknown> = validRideFields();
    for (const key of keys) ride[key] = (hostile as Record<string, unknown>)[key];
    return ride;
  });
