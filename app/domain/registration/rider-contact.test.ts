import { describe, expect, it } from "vitest";
import { displayPhone, freshLinkText, groupNumbers, whatsappHref, whatsappMessageHref } from "./rider-contact";

describe("rider contact", () => {
  it("links a stored number to WhatsApp's click-to-chat with its digits only", () => {
    expect(whatsappHref("+919876543210")).toBe("https://wa.me/919876543210");
    expect(whatsappHref("+447700900123")).toBe("https://wa.me/447700900123");
    expect(whatsappHref("")).toBeNull();
  });

  it("types a message into the click-to-chat link, encoded", () => {
    const text = freshLinkText({ name: "Asha", rideTitle: "Coorg & back", link: "https://rides.example/booking/abc" });
    const href = whatsappMessageHref("+919876543210", text)!;
    expect(href.startsWith("https://wa.me/919876543210?text=")).toBe(true);
    expect(new URL(href).searchParams.get("text")).toBe(text);
    expect(text).toContain("https://rides.example/booking/abc");
    expect(text).toContain("Asha");
    expect(whatsappMessageHref("", text)).toBeNull();
  });

  it("shows a number spaced as people read it, and an unparsable one as stored", () => {
    expect(displayPhone("+919876543210")).toBe("+91 98765 43210");
    expect(displayPhone("")).toBe("");
  });

  it("lists the confirmed riders' numbers once each, for the ride's group", () => {
    const riders = [
      { phone: "+919876543210", status: "confirmed" },
      { phone: "+919876543211", status: "waitlisted" },
      { phone: "+919876543212", status: "cancelled" },
      { phone: "", status: "confirmed" },
      { phone: "+919876543213", status: "confirmed" },
    ];
    expect(groupNumbers(riders)).toBe("+919876543210\n+919876543213");
  });
});
