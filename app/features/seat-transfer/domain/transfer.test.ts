import { describe, expect, it } from "vitest";
import { EXTERNAL_REGISTRATION } from "~/domain/registration/settings";
import { canTransfer, seatSettings, transferExpiresAt } from "./transfer";

const ride = { status: "upcoming", startDate: "2027-06-10" };
const confirmed = { status: "confirmed", checkedInAt: null };

describe("seat transfer rules", () => {
  it("lets a confirmed seat go before check-in and before the ride starts in India", () => {
    expect(canTransfer(confirmed, ride, new Date("2027-06-09T18:29:00Z"))).toBe(true);
    expect(canTransfer(confirmed, ride, new Date("2027-06-09T18:30:00Z"))).toBe(false);
    expect(canTransfer({ status: "waitlisted", checkedInAt: null }, ride, new Date("2027-05-01"))).toBe(false);
    expect(canTransfer({ ...confirmed, checkedInAt: "2027-05-01T00:00:00Z" }, ride, new Date("2027-05-01"))).toBe(
      false,
    );
    expect(canTransfer(confirmed, { ...ride, status: "cancelled" }, new Date("2027-05-01"))).toBe(false);
    expect(canTransfer(confirmed, null, new Date("2027-05-01"))).toBe(false);
  });

  it("expires a link after seven days, or when the ride starts if sooner", () => {
    expect(transferExpiresAt("2027-05-01T06:00:00.000Z", ride).toISOString()).toBe("2027-05-08T06:00:00.000Z");
    expect(transferExpiresAt("2027-06-08T06:00:00.000Z", ride).toISOString()).toBe("2027-06-09T18:30:00.000Z");
    expect(transferExpiresAt("2027-06-08T06:00:00.000Z", { startDate: "" }).toISOString()).toBe(
      "2027-06-15T06:00:00.000Z",
    );
  });

  it("offers the friend the seat's option only", () => {
    const seat = seatSettings(EXTERNAL_REGISTRATION, "pillion");
    expect(Object.entries(seat.options).map(([name, option]) => [name, option.offered])).toEqual([
      ["solo", false],
      ["pillion", true],
      ["rental", false],
    ]);
  });
});
