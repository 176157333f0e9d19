import { describe, expect, it } from "vitest";
import { changeTimes } from "./change-times";
import { rideDayWindowStart } from "./expiry";

const from = new Date("2027-06-06T18:30:00.000Z");
const until = new Date("2027-06-10T03:00:00.000Z");
const iso = (times: Date[]) => times.map((time) => time.toISOString());

describe("the times of a sync's changes", () => {
  it("are the changes' own times within the ride's window", () => {
    expect(
      iso(changeTimes([{ at: "2027-06-10T07:40:00+05:30" }, { at: "2027-06-10T02:50:00Z" }], from, until)),
    ).toEqual(["2027-06-10T02:10:00.000Z", "2027-06-10T02:50:00.000Z"]);
  });

  it("clamp a time before the window to its start and one after the server's time to it", () => {
    expect(iso(changeTimes([{ at: "1970-01-01T00:00:00Z" }], from, until))).toEqual([from.toISOString()]);
    expect(iso(changeTimes([{ at: "9999-12-31T23:59:59Z" }], from, until))).toEqual([until.toISOString()]);
  });

  it("follow each other strictly in the order sent, even clamped to one instant", () => {
    const same = [{ at: "1970-01-01T00:00:00Z" }, { at: "1970-01-01T00:00:00Z" }, { at: "1969-01-01T00:00:00Z" }];
    expect(iso(changeTimes(same, from, until))).toEqual([
      "2027-06-06T18:30:00.000Z",
      "2027-06-06T18:30:00.001Z",
      "2027-06-06T18:30:00.002Z",
    ]);
  });
});

describe("the start of a ride's window", () => {
  const now = new Date("2027-06-01T00:00:00Z");

  it("is the start of the third day before the ride's start date, in India", () => {
    expect(rideDayWindowStart({ startDate: "2027-06-10", endDate: "2027-06-18" }, now).toISOString()).toBe(
      "2027-06-06T18:30:00.000Z",
    );
  });

  it("counts from the end date when the start is unreadable, and from now without either", () => {
    expect(rideDayWindowStart({ startDate: "", endDate: "2027-06-18" }, now).toISOString()).toBe(
      "2027-06-14T18:30:00.000Z",
    );
    expect(rideDayWindowStart({ startDate: "", endDate: "" }, now).toISOString()).toBe("2027-05-28T18:30:00.000Z");
  });
});
