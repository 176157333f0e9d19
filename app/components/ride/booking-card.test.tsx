import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { rideShare } from "~/domain/ride-share";
import { BookingCard, type SiteRegistration } from "./booking-card";

const ride = {
  id: "r1",
  title: "Spiti Valley Circuit",
  startDate: "2027-06-12",
  tripCost: "38500",
  price: "",
  bookingCost: "₹10,000",
  lastBookingDate: "2027-05-29",
  bookingFormUrl: "",
};

function render(overrides: Partial<typeof ride> = {}, registration?: SiteRegistration): string {
  const shown = { ...ride, ...overrides };
  const share = rideShare({ ...shown, endDate: shown.startDate }, "https://example.test/ride/r1");
  return renderToString(
    <MemoryRouter>
      <BookingCard ride={shown} registration={registration} share={share} />
    </MemoryRouter>,
  );
}

/** The three lines of an amount card (label, amount, note), or null when the card is not there. */
function amountCard(html: string, label: string): string[] | null {
  const match = new RegExp(`<p[^>]*>${label}</p><p[^>]*>([^<]*)</p><p[^>]*>([^<]*)</p>`).exec(html);
  return match ? [label, match[1]!, match[2]!] : null;
}

describe("BookingCard (product.md#booking-card: sidebar, price cards)", () => {
  it("shows the last booking date in Indian short format", () => {
    expect(render()).toMatch(/Last booking date: <!-- -->29 May 2027/);
  });

  it("has no ribbon without a last booking date", () => {
    expect(render({ lastBookingDate: "" })).not.toContain("Last booking date");
  });

  it("shows the trip cost, ₹ prefixed, as 'Total trip cost', and the booking amount 'to reserve your spot'", () => {
    const html = render();
    expect(amountCard(html, "Ride Amount")).toEqual(["Ride Amount", "₹38500", "Total trip cost"]);
    expect(amountCard(html, "Booking Amount")).toEqual(["Booking Amount", "₹10,000", "to reserve your spot"]);
  });

  it("shows a legacy price as 'per person' when there is no trip cost", () => {
    expect(amountCard(render({ tripCost: "", price: "9000" }), "Ride Amount")).toEqual([
      "Ride Amount",
      "₹9000",
      "per person",
    ]);
  });

  it.each([[""], ["0"], ["₹0"]])("hides each amount card when its amount is %j", (empty) => {
    const html = render({ tripCost: empty, price: "", bookingCost: empty });
    expect(amountCard(html, "Ride Amount")).toBeNull();
    expect(amountCard(html, "Booking Amount")).toBeNull();
  });

  it("makes Register Now a link to /contact without a booking form, and a link to the form with one", () => {
    expect(render()).toMatch(/<a[^>]*href="\/contact"[^>]*>.*Register Now<\/a>/);
    const withForm = render({ bookingFormUrl: "https://forms.example.com/spiti" });
    // Its island opens the form in a pop-up; before that, and without JavaScript, a tab of its own.
    expect(withForm).toMatch(
      /<a href="https:\/\/forms.example.com\/spiti"(?=[^>]* target="_blank")(?=[^>]* rel="noopener noreferrer")[^>]*>.*Register Now<\/a>/,
    );
    expect(withForm).not.toContain('href="/contact"');
  });

  it("makes Share This Ride a link that opens WhatsApp with the ride's address typed", () => {
    expect(render()).toMatch(
      /<a href="https:\/\/wa.me\/\?text=[^"]*https%3A%2F%2Fexample.test%2Fride%2Fr1"(?=[^>]* target="_blank")[^>]*>.*Share This Ride<\/a>/,
    );
  });

  it("links to the ride's calendar file, and has no such link while the ride has no start date", () => {
    expect(render()).toMatch(/<a href="\/ride\/r1\/calendar.ics" download=""[^>]*>.*Add to calendar<\/a>/);
    expect(render({ startDate: "" })).not.toContain("Add to calendar");
  });

  it("for a ride taking registrations here: the seats left, and Register Now links to its form", () => {
    const html = render({}, { seats: "Only 2 seats left", href: "/ride/r1/register" });
    expect(html).toMatch(/data-testid="seats-left"[^>]*>.*Only 2 seats left<\/p>/);
    expect(html).toMatch(/<a href="\/ride\/r1\/register"[^>]*>.*Register Now<\/a>/);
    expect(html).not.toContain('data-island="register-button"');
    expect(html).toMatch(/Last booking date: <!-- -->29 May 2027/);
  });

  it("for a closed ride: 'Registration closed' and no Register Now", () => {
    const html = render({}, { seats: "Registration closed", href: null });
    expect(html).toContain("Registration closed");
    expect(html).not.toContain("Register Now");
  });

  it("for a ride on its external form: no seats, the product's Register Now", () => {
    const html = render({ bookingFormUrl: "https://forms.example.com/spiti" });
    expect(html).not.toContain('data-testid="seats-left"');
    expect(html).toContain('data-island="register-button"');
  });
});
