import { describe, expect, it } from "vitest";
import { groupInviteFor } from "./group-invite";

describe("the ride's WhatsApp group for a rider", () => {
  const ride = { whatsappGroupUrl: "https://chat.whatsapp.com/AbCdEfGhIjKl" };

  it("is the ride's invite link for a confirmed seat only", () => {
    expect(groupInviteFor(ride, { status: "confirmed" })).toBe(ride.whatsappGroupUrl);
    expect(groupInviteFor(ride, { status: "waitlisted" })).toBeNull();
    expect(groupInviteFor(ride, { status: "cancelled" })).toBeNull();
  });

  it("is nothing when the ride has no group or is gone", () => {
    expect(groupInviteFor({ whatsappGroupUrl: "" }, { status: "confirmed" })).toBeNull();
    expect(groupInviteFor({}, { status: "confirmed" })).toBeNull();
    expect(groupInviteFor(null, { status: "confirmed" })).toBeNull();
  });
});
