import { describe, expect, it } from "vitest";
import { rideShare, whatsAppMessage, whatsAppShareHref } from "./ride-share";

const ride = {
  title: "Coorg Coffee Trail",
  startDate: "2026-12-05",
  endDate: "2026-12-08",
  tripCost: "₹12,500",
  price: "",
};
const url = "https://rides.example/ride/r1";

describe("rideShare", () => {
  it("has the ride's title, its dates and price as the text, and the link", () => {
    expect(rideShare(ride, url)).toMatchObject({
      title: "Coorg Coffee Trail",
      text: "5th - 8th December 2026 · ₹12,500 total trip cost",
      url,
    });
  });

  it("leaves out dates and a price the ride does not have", () => {
    expect(rideShare({ ...ride, startDate: "", endDate: "", tripCost: "0" }, url).text).toBe("");
  });
});

describe("whatsAppShareHref", () => {
  it("opens WhatsApp with title, dates and price, and the link on lines of their own", () => {
    const share = rideShare(ride, url);
    expect(whatsAppMessage(share)).toBe(
      `Coorg Coffee Trail\n5th - 8th December 2026 · ₹12,500 total trip cost\n${url}`,
    );
    expect(share.whatsAppHref).toBe(whatsAppShareHref(share));
    const href = new URL(share.whatsAppHref);
    expect(href.origin + href.pathname).toBe("https://wa.me/");
    expect(href.searchParams.get("text")).toBe(whatsAppMessage(share));
  });
});
