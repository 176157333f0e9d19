import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BookingPage, type BookingAnswer, type BookingView } from "./booking-page";

const view = (overrides: Partial<BookingView> = {}): BookingView => ({
  href: "/booking/token",
  reference: "RB-7K3Q",
  status: "confirmed",
  statusLabel: "Confirmed",
  option: "Solo rider (own bike)",
  paid: false,
  utr: "",
  contact: { name: "Asha", mobile: "+919800000001", email: "", emergencyName: "Ravi", emergencyPhone: "+919123456789" },
  ride: null,
  payment: { amount: "₹10,000", link: "", payeeId: "", payeeName: "" },
  steps: [],
  notice: null,
  confirm: null,
  updates: [],
  reminders: true,
  rideLinks: { groupInvite: null, calendar: null },
  ...overrides,
});

const render = (shown: BookingView, answer: BookingAnswer) =>
  renderToString(<BookingPage view={shown} answer={answer} />);

describe("BookingPage", () => {
  it("shows a refused UTR's message beside its field", () => {
    const html = render(view(), { intent: "utr", values: { utr: "12ab" }, errors: { utr: "Enter the UTR" } });
    expect(html).toContain('id="error-summary"');
    expect(html).toContain("Enter the UTR");
  });

  it.each<[string, Partial<BookingView>, BookingAnswer]>([
    [
      "a UTR on a waitlisted booking (no payment form)",
      { status: "waitlisted", statusLabel: "On the waitlist", payment: null },
      { intent: "utr", values: { utr: "12ab" }, errors: { utr: "Enter the UTR" } },
    ],
    [
      "a UTR on a paid booking (no UTR form)",
      { paid: true },
      { intent: "utr", values: {}, errors: {}, formError: "Already received" },
    ],
    [
      "contact details on a cancelled booking (no contact form)",
      { status: "cancelled", statusLabel: "Cancelled", payment: null },
      { intent: "contact", values: {}, errors: {}, formError: "This registration is cancelled" },
    ],
  ])("says what was wrong with %s at the top of the page", (_what, overrides, answer) => {
    const html = render(view(overrides), answer);
    expect(html).toContain('id="error-summary"');
    expect(html).toContain(answer.formError ?? Object.values(answer.errors)[0]);
  });
});
