import { bookingAmount } from "../cost";
import { formatDateRange } from "../dates";
import { amountOf, balanceOf, formatRupees, paiseOf, type BalanceRegistration, type BalanceRide } from "./balance";
import type { RegistrationStatus } from "./settings";
import { rupeeAmount, upiPaymentLink } from "./payment";

// What a rider reads after registering (decision 020), on the private booking page: its steps
// speak of the QR code and fields below them. The mails say it in their own words
// (server/registrations/rider-mail.server.ts).

/** The payee of UPI payments, from the contact configuration. */
export type Payee = { upiId?: string; upiName?: string };

export type BookingPayment = {
  /** What is left to pay of the booking amount ('₹2,000'), or null when the ride has none or credit paid it all. */
  amount: string | null;
  /** The `upi://pay` link (and QR code) paying it, or null without a payee or a readable amount. */
  link: string | null;
  payeeId: string;
  payeeName: string;
  /** The part of the booking amount the rider's credit paid ('₹1,500'), or null (docs/features/credit.md). */
  credit: string | null;
  /** Credit paid the whole booking amount: nothing to pay by UPI. */
  covered: boolean;
};

/** How to pay the booking amount, less the credit the booking spent (`creditPaise`): UPI asks only for the rest. */
export function bookingPayment(
  payee: Payee,
  ride: { bookingCost: string },
  reference: string,
  creditPaise = 0,
): BookingPayment {
  const payeeId = payee.upiId?.trim() ?? "";
  const payeeName = payee.upiName?.trim() ?? "";
  const booking = paiseOf(rupeeAmount(ride.bookingCost));
  if (creditPaise > 0 && booking !== null) {
    const rest = Math.max(0, booking - creditPaise);
    const link = rest > 0 ? upiPaymentLink({ payeeId, payeeName, bookingCost: amountOf(rest), reference }) : null;
    const credit = formatRupees(Math.min(creditPaise, booking));
    return { amount: rest > 0 ? formatRupees(rest) : null, link, payeeId, payeeName, credit, covered: rest === 0 };
  }
  const amount = bookingAmount(ride)?.amount ?? null;
  const link = amount ? upiPaymentLink({ payeeId, payeeName, bookingCost: ride.bookingCost, reference }) : null;
  return { amount, link, payeeId, payeeName, credit: null, covered: false };
}

/** The balance as the booking page shows it: amount, due date, its own UPI link and note. */
export type BalancePayment = {
  /** '₹28,500'. */
  amount: string;
  /** '3rd June 2027'; '' when the ride has no start date. */
  dueDate: string;
  paid: boolean;
  overdue: boolean;
  /** The payment's note: the reference and the word balance, so the organisers tell the payments apart. */
  note: string;
  link: string | null;
  payeeId: string;
  payeeName: string;
};

/** What a reminder tells a rider who still owes the balance; null once paid (or without one). */
export function balanceReminderLine(balance: BalancePayment | null): string | null {
  if (!balance || balance.paid) return null;
  const when = balance.overdue ? `was due by ${balance.dueDate}` : `is due by ${balance.dueDate}`;
  const pay = balance.link ? ` Pay by UPI from your phone: ${balance.link}` : "";
  return `Your balance of ${balance.amount} ${when}.${pay}`;
}

/** The balance of a confirmed booking, or null when it has none (domain/registration/balance.ts). */
export function balancePayment(
  payee: Payee,
  ride: BalanceRide,
  registration: BalanceRegistration & { reference: string },
  now: Date,
): BalancePayment | null {
  const balance = balanceOf(ride, registration, now);
  if (!balance) return null;
  const payeeId = payee.upiId?.trim() ?? "";
  const payeeName = payee.upiName?.trim() ?? "";
  const note = `${registration.reference} balance`;
  return {
    amount: formatRupees(paiseOf(balance.amount)!),
    dueDate: balance.dueDate ? formatDateRange(balance.dueDate, balance.dueDate) : "",
    paid: balance.paid,
    overdue: balance.overdue,
    note,
    link: upiPaymentLink({ payeeId, payeeName, bookingCost: balance.amount, reference: note }),
    payeeId,
    payeeName,
  };
}

/** The step that tells a confirmed rider about the balance, or null when there is nothing to pay. */
function balanceStep(balance: BalancePayment | null): string | null {
  if (!balance || balance.paid) return null;
  const how = balance.link
    ? ": by UPI with its own QR code or payment link below, then enter its UTR in its own field"
    : "; the organisers will confirm when they receive it";
  if (balance.overdue)
    return `The balance of ${balance.amount} was due on ${balance.dueDate}: please pay it now${how}.`;
  const by = balance.dueDate ? ` by ${balance.dueDate}` : "";
  return `Pay the balance of ${balance.amount}${by}, before the ride starts${how}.`;
}

export const RIDER_STATUS_LABELS: Readonly<Record<RegistrationStatus, string>> = {
  confirmed: "Confirmed",
  waitlisted: "On the waitlist",
  cancelled: "Cancelled",
};

/** How to pay the booking amount, or what of it credit paid (docs/features/credit.md). */
function payStep(payment: BookingPayment): string {
  if (payment.covered) return `Your credit of ${payment.credit} paid the booking amount: nothing to pay for it.`;
  if (payment.credit) {
    const how = payment.link
      ? "by UPI (scan the QR code or open the payment link), then enter the UPI transaction id (UTR) below"
      : "as the ride's payment terms say; the organisers will confirm when they receive it";
    return `${payment.credit} of the booking amount is paid with your credit. Pay the rest, ${payment.amount}, ${how}.`;
  }
  if (payment.link)
    return `Pay the booking amount of ${payment.amount} by UPI (scan the QR code or open the payment link), then enter the UPI transaction id (UTR) below so the organisers can match your payment.`;
  if (payment.amount)
    return `Pay the booking amount of ${payment.amount} as the ride's payment terms say; the organisers will confirm when they receive it.`;
  return "The organisers will tell you how to pay.";
}

/**
 * What happens next, for the rider's status, whether the site can take the booking amount by
 * UPI, and the balance still to pay (when the ride has one).
 */
export function nextSteps(
  status: RegistrationStatus,
  payment: BookingPayment,
  balance: BalancePayment | null = null,
): string[] {
  if (status === "cancelled") return ["This registration is cancelled. Your seat has gone to the next rider."];
  const pay = payStep(payment);
  if (status === "waitlisted") {
    return [
      "The ride is full: you are on the waitlist, in the order riders registered.",
      "When a seat frees up, the first rider on the waitlist who fits is confirmed and told by email (when you gave one). Keep this page's link to check.",
      "Pay only once you are confirmed.",
    ];
  }
  const balanceNext = balanceStep(balance);
  return [
    "Your seat is held for you.",
    pay,
    ...(balanceNext ? [balanceNext] : []),
    "Keep this page's link: it is the only way to see, change or cancel your registration. Anyone with it can.",
  ];
}

/** The consent a rider gives on the form: what the data is for and how long it is kept. */
export function consentText(retentionDays: number): string {
  return (
    "I agree that the organisers use my details (and my emergency contact's) only to run this ride: " +
    "to contact me, to reach my emergency contact on the road, and to plan bikes and seats. " +
    `They are erased ${retentionDays} days after the ride ends, or earlier when I erase them through my booking link.`
  );
}
