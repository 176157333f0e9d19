import { describe, expect, it } from "vitest";
import { riderCopyOf, riderText } from "./rider-text";

const RIDE = {
  title: "Spiti Valley",
  whatsappGroupUrl: "https://chat.whatsapp.com/AbCdEf123",
  status: "upcoming" as const,
};
const MESSAGE = { subject: "Kit check", body: "Bring your riding boots.", origin: "https://roadbook.example" };

describe("a rider's copy of a message", () => {
  it("greets the rider and carries their link, the ride's group, the balance and the way back to a lost link", () => {
    const copy = riderCopyOf({
      registration: { name: "Asha Rao", status: "confirmed" },
      ride: RIDE,
      message: MESSAGE,
      token: "tok123",
      balanceLine: "Your balance of ₹28,500 is due by 1 Jun 2027.",
      canReply: true,
    });
    expect(riderText(copy)).toBe(
      [
        "Hi Asha,",
        "",
        "Bring your riding boots.",
        "",
        "Your balance of ₹28,500 is due by 1 Jun 2027.",
        "",
        "The ride's WhatsApp group: https://chat.whatsapp.com/AbCdEf123",
        "",
        "Your booking: https://roadbook.example/booking/tok123",
        "Lost this link? Find your booking at https://roadbook.example/booking",
      ].join("\n"),
    );
  });

  it("sends a rider of a ride no longer upcoming to their own link, or to a reply, never to Find my booking (which finds upcoming rides only)", () => {
    const cancelled = { ...RIDE, status: "cancelled" as const };
    const registration = { name: "Asha Rao", status: "confirmed" as const };
    const withLink = riderCopyOf({
      registration,
      ride: cancelled,
      message: MESSAGE,
      token: "tok123",
      balanceLine: null,
      canReply: true,
    });
    expect(riderText(withLink)).not.toContain("Find your booking");
    expect(riderText(withLink)).toMatch(
      /Your booking: https:\/\/roadbook.example\/booking\/tok123\nKeep this message: it is the way back to your booking\.$/,
    );
    const without = { registration, ride: cancelled, message: MESSAGE, token: null, balanceLine: null };
    const replied = riderCopyOf({ ...without, canReply: true });
    expect(riderText(replied)).not.toContain("Find your booking");
    expect(riderText(replied)).toMatch(/Reply to this message for the link to your booking\.$/);
  });

  it("never tells a rider to reply when a reply reaches nobody (no Reply-To): the contact page instead", () => {
    const copy = riderCopyOf({
      registration: { name: "Asha Rao", status: "confirmed" },
      ride: { ...RIDE, status: "cancelled" },
      message: MESSAGE,
      token: null,
      balanceLine: null,
      canReply: false,
    });
    expect(riderText(copy)).not.toMatch(/reply/i);
    expect(riderText(copy)).toMatch(
      /Ask the organisers for the link to your booking: https:\/\/roadbook.example\/contact$/,
    );
  });

  it("gives the group to confirmed riders only, and no link when the message carries none", () => {
    const copy = riderCopyOf({
      registration: { name: "Bela Das", status: "waitlisted" },
      ride: RIDE,
      message: { ...MESSAGE, origin: null },
      token: "tok123",
      balanceLine: null,
      canReply: true,
    });
    expect(copy).toMatchObject({ groupLink: null, link: null, wayBack: null });
    expect(riderText(copy)).toBe("Hi Bela,\n\nBring your riding boots.");
  });
});
