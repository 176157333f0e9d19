import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { bookingPageSlots } from "~/features/slots/booking-page";
import type { BookingWaiver } from "~/features/waivers/domain/waiver";
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
  payment: {
    amount: "₹10,000",
    link: "",
    payeeId: "",
    payeeName: "",
    credit: null,
    covered: false,
    paid: false,
    claimedUtr: "",
  },
  balance: null,
  balanceUtr: "",
  steps: [],
  notice: null,
  confirm: null,
  reminders: true,
  rideLinks: { groupInvite: null, calendar: null },
  online: null,
  refunds: [],
  cancellation: { policy: [], quote: null, cancelChoices: [], toChoose: null },
  ...overrides,
});

const BOTH_WAYS = [
  { value: "original" as const, label: "Refund to how I paid" },
  { value: "credit" as const, label: "Keep as credit for a future ride" },
];

/** The parts of the features whose sections these tests show. */
type Parts = { waiver: BookingWaiver | null; credit: string | null };

/** The features' parts of the page, as the loader reads them for a booking that has none of their sections. */
const NO_PARTS = {
  account: null,
  riderPhotos: null,
  updates: [],
  push: null,
  words: null,
  waiver: null,
  credit: null,
  transfer: null,
  moneyDocuments: [],
};

const page = (shown: BookingView, parts: Partial<Parts> = {}, answer?: BookingAnswer) =>
  renderToString(
    <BookingPage view={shown} answer={answer} slots={bookingPageSlots} parts={{ ...NO_PARTS, ...parts }} />,
  );

const balance = {
  amount: "₹28,500",
  dueDate: "3rd June 2027",
  dueNow: false,
  claimedUtr: "",
  paid: false,
  overdue: false,
  note: "RB-7K3Q balance",
  link: "upi://pay?pa=hillriders@okaxis&pn=Hill%20Riders&am=28500.00&cu=INR&tn=RB-7K3Q%20balance",
  payeeId: "hillriders@okaxis",
  payeeName: "Hill Riders",
};

const render = (shown: BookingView, answer: BookingAnswer) => page(shown, {}, answer);

describe("BookingPage", () => {
  it("lists the booking's refunds with how each comes back and where it stands, none without any", () => {
    expect(page(view())).not.toContain("Refunds");
    const html = page(
      view({
        status: "cancelled",
        refunds: [
          {
            id: "entry-1",
            amount: "₹10,000",
            how: "To your card or account",
            state: "pending",
            stateLabel: "Pending",
            detail: "On its way: usually 5–7 working days to reach your card or account.",
            createdAt: "2027-05-01T06:00:00.000Z",
          },
        ],
      }),
    );
    expect(html).toContain('id="refunds-heading"');
    expect(html).toContain("To your card or account");
    expect(html).toContain("On its way: usually 5–7 working days");
  });

  it("shows a refused UTR's message beside its field", () => {
    const html = render(view(), { intent: "utr", values: { utr: "12ab" }, errors: { utr: "Enter the UTR" } });
    expect(html).toContain('id="error-summary"');
    expect(html).toContain("Enter the UTR");
  });

  it("shows the balance beside the booking amount, each with its own UTR form", () => {
    const html = page(view({ balance, balanceUtr: "998877665544" }));
    expect(html).toContain("₹28,500");
    expect(html).toContain("Due by 3rd June 2027");
    expect(html).toContain('value="balance-utr"');
    expect(html).toContain('value="998877665544"');
    // Two UTR fields on one page: each its own id, so each label names its own field.
    expect(html).toContain('id="utr"');
    expect(html).toContain('id="balanceUtr"');
    expect(html).toContain("note RB-7K3Q balance");
    expect(html).toContain("Pay the balance by UPI app");
  });

  it("shows a refused balance UTR beside the balance's field only", () => {
    const html = render(view({ balance }), {
      intent: "balance-utr",
      values: { balanceUtr: "12ab" },
      errors: { balanceUtr: "Enter the UTR" },
    });
    expect(html.match(/Enter the UTR/g)).toHaveLength(2); // the summary's link and the field's message
    expect(html.indexOf("Enter the UTR")).toBeGreaterThan(html.indexOf("balance-heading"));
    expect(html).toContain('href="#balanceUtr"');
    expect(html).toContain('value="12ab"');
  });

  it("offers Pay online beside the first part still due, as a plain form", () => {
    const online = { amount: "₹38,500", firstAtLeast: "₹10,000" };
    const first = page(view({ balance, online }));
    expect(first).toContain('value="pay-online"');
    expect(first).toContain("at least ₹10,000 (the booking amount) now");
    expect(first.indexOf('value="pay-online"')).toBeLessThan(first.indexOf("balance-heading"));
    const rest = page(view({ paid: true, balance, online: { amount: "₹28,500", firstAtLeast: null } }));
    expect(rest.indexOf('value="pay-online"')).toBeGreaterThan(rest.indexOf("balance-heading"));
    expect(page(view({ balance }))).not.toContain("pay-online");
  });

  it("thanks the rider for a balance received, with no form left for it", () => {
    const html = page(view({ balance: { ...balance, paid: true } }));
    expect(html).not.toContain('value="balance-utr"');
    expect(html).not.toContain("Pay the balance by UPI app");
  });

  it("says a balance booked after its due date is due now, not overdue", () => {
    const html = page(view({ balance: { ...balance, dueNow: true, dueDate: "" } }));
    expect(html).toContain("Due now: you booked after its due date.");
    expect(html).not.toContain("Was due on");
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
      "a balance UTR on a booking whose balance is received",
      { balance: { ...balance, paid: true } },
      { intent: "balance-utr", values: {}, errors: {}, formError: "Already received" },
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

  it("shows the waiver the rider accepted, and the new version to accept in a plain form once it changed", () => {
    const accepted = { version: 1, text: "Ride at your own risk.", name: "Asha Rao", at: "2027-01-05T10:00:00.000Z" };
    const done = page(view(), { waiver: { state: "accepted", accepted, toAccept: null } });
    expect(done).toMatch(/You accepted version (<!-- -->)?1/);
    expect(done).toContain("Asha Rao");
    expect(done).toContain("Ride at your own risk.");
    expect(done).not.toContain('name="waiverName"');
    const toAccept = { id: "w-2", version: 2, text: "Ride at your own risk, helmets on." };
    const changed = page(
      view(),
      { waiver: { state: "outdated", accepted, toAccept } },
      {
        intent: "waiver",
        values: { waiverName: "Asha" },
        errors: { waiverName: "Type your full name as you gave it above to accept the waiver" },
      },
    );
    expect(changed).toContain("The waiver changed: accept the new version");
    expect(changed).toMatch(/<form [^>]*action="\/booking\/token" method="post"><p[^>]*>The waiver changed/);
    expect(changed).toContain('<input type="hidden" name="waiverVersion" value="w-2"/>');
    expect(changed).toContain("Ride at your own risk, helmets on.");
    expect(changed).toContain("Type your full name as you gave it above to accept the waiver");
  });

  it("offers the rider's credit against an unpaid booking amount in a plain form, and says why it was refused", () => {
    const offered = page(view(), { credit: "₹5,000" });
    expect(offered).toContain("You have ₹5,000 of credit in your account.");
    expect(offered).toMatch(
      /<form [^>]*action="\/booking\/token"[^>]*><input type="hidden" name="intent" value="use-credit"\/>/,
    );
    expect(page(view({ paid: true }), { credit: "₹5,000" })).not.toContain("use-credit");
    expect(page(view())).not.toContain("use-credit");
    const refused = render(view(), {
      intent: "use-credit",
      values: {},
      errors: {},
      formError: "You have no credit to spend.",
    });
    expect(refused).toContain('id="error-summary"');
    expect(refused).toContain("You have no credit to spend.");
  });

  it("asks to confirm a cancel with the live quote and the ways back, in a plain form", () => {
    const quote =
      "You paid ₹5,000. Cancelling today, 20 days before the start, we keep 25 % (₹1,250): ₹3,750 comes back.";
    const cancellation = {
      policy: ["More than 60 days before the start: full refund", "29–15 days: 25 % kept"],
      quote,
      cancelChoices: BOTH_WAYS,
      toChoose: null,
    };
    const closed = page(view({ cancellation }));
    expect(closed).toContain("29–15 days: 25 % kept");
    expect(closed).not.toContain(quote);
    const confirming = page(view({ cancellation, confirm: "cancel" }));
    expect(confirming).toContain(quote);
    expect(confirming).toMatch(/<input type="radio" required="" [^>]*name="choice" value="original"\/>/);
    expect(confirming).toContain("Keep as credit for a future ride");
    // Refused without a choice: the step stays open, the reason at the top.
    const refused = render(view({ cancellation }), {
      intent: "cancel",
      values: { confirm: "yes" },
      errors: { choice: "Choose how the money comes back: to how you paid, or as credit" },
    });
    expect(refused).toContain(quote);
    expect(refused).toContain("Choose how the money comes back: to how you paid, or as credit");
  });

  it("offers the money back of a cancelled ride or booking as a choice", () => {
    const cancellation = {
      policy: [],
      quote: null,
      cancelChoices: [],
      toChoose: { amount: "₹10,000", rideCancelled: true, choices: BOTH_WAYS },
    };
    const html = page(view({ cancellation }));
    expect(html).toContain("The ride is cancelled: everything you paid, ₹10,000, is yours back.");
    expect(html).toContain('<input type="hidden" name="intent" value="refund"/>');
    expect(html).toContain("Cancel my booking and send my choice");
  });
});
