import { describe, expect, it } from "vitest";
import { rideInputSchema, type Ride } from "~/domain/ride";
import { askDue, askDueAt, askKey, askText, mayAnswer } from "./ask";

function ride(overrides: Record<string, unknown> = {}): Ride {
  const input = rideInputSchema.parse({
    title: "Spiti Circuit",
    startDate: "2027-03-12",
    endDate: "2027-03-18",
    description: "Nine days in the cold desert.",
    distance: "1,250 km",
    registration: { mode: "site", seats: 10 },
    ...overrides,
  });
  return {
    ...input,
    id: "r1",
    duration: "",
    order: 0,
    price: "",
    thingsToCarry: [],
    createdAt: "",
    updatedAt: "",
    version: 1,
  };
}

describe("the ask for riders' words", () => {
  it("is due two days after the last day at 09:00 India time", () => {
    expect(askDueAt(ride())?.toISOString()).toBe("2027-03-20T03:30:00.000Z");
    expect(askDue(ride(), new Date("2027-03-20T03:29:59Z"))).toBe(false);
    expect(askDue(ride(), new Date("2027-03-20T03:30:00Z"))).toBe(true);
  });

  it("is sent late after downtime, but not weeks late", () => {
    expect(askDue(ride(), new Date("2027-03-25T10:00:00Z"))).toBe(true);
    expect(askDue(ride(), new Date("2027-04-05T10:00:00Z"))).toBe(false);
  });

  it("is never due for a cancelled ride or one booked elsewhere", () => {
    const after = new Date("2027-03-21T00:00:00Z");
    expect(askDue(ride({ status: "cancelled" }), after)).toBe(false);
    expect(askDue(ride({ registration: { mode: "external" } }), after)).toBe(false);
    expect(askDue(ride({ registration: undefined }), after)).toBe(false);
  });

  it("is keyed by the last day, so moving the ride asks again", () => {
    expect(askKey(ride())).toBe("feedback:2027-03-18");
    expect(askKey(ride({ endDate: "2027-03-19" }))).toBe("feedback:2027-03-19");
  });

  it("names the ride and says what happens to the words", () => {
    const { subject, body } = askText(ride());
    expect(subject).toBe("How was Spiti Circuit?");
    expect(body).toContain("rating from 1 to 5");
    expect(body).toContain("withdraw");
  });
});

describe("who may answer", () => {
  const after = new Date("2027-03-20T00:00:00Z");
  const rider = { status: "confirmed", checkedInAt: "2027-03-12T04:00:00Z", erasedAt: null };

  it("is a confirmed, checked-in rider whose data is kept, once the ride is over", () => {
    expect(mayAnswer(rider, ride(), after)).toBe(true);
    expect(mayAnswer(rider, ride(), new Date("2027-03-15T00:00:00Z"))).toBe(false);
    expect(mayAnswer({ ...rider, checkedInAt: null }, ride(), after)).toBe(false);
    expect(mayAnswer({ ...rider, status: "cancelled" }, ride(), after)).toBe(false);
    expect(mayAnswer({ ...rider, erasedAt: "2027-03-19T00:00:00Z" }, ride(), after)).toBe(false);
    expect(mayAnswer(rider, null, after)).toBe(false);
  });
});
