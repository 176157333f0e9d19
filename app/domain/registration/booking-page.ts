import { bookingAmount } from "../cost";
import { formatDateRange } from "../dates";
import { amountOf, formatRupees } from "./balance";
import type { PartDues } from "./dues";
import type { RegistrationStatus } from "./settings";
import { upiPaymentLink } from "./payment";

// What a rider reads after registering (decision 020), on the private booking page: its steps
// speak of the QR code and fields below them. The mails say it in their own words
// (server/registrations/rider-mail.server.ts).

/** The payee of UPI payments, from the contact configuration. */
export type Payee = { upiId?: string; upiName?: string };

export type BookingPayment = {
  /** What is left to pay of the booking amount ('₹2,000'), or null when the ride has none or it is paid. */
  amount: string | null;
  /** The `upi://pay` link (and QR code) paying it, or null without a payee or a readable amount. */
  link: string | null;
  payeeId: string;
  payeeName: string;
  /** The part of the booking amount the rider's credit paid ('₹1,500'), or null (docs/features/credit.md). */
  credit: string | null;
  /** Credit paid the whole booking amount: nothing to pay by UPI. */
  covered: boolean;
  /** The organisers have the whole booking amount. */
  paid: boolean;
  /** The UTR the rider gave for it, not confirmed yet; '' for none. */
  claimedUtr: string;
};

function payeeOf(payee: Payee) {
  return { payeeId: payee.upiId?.trim() ?? "", payeeName: payee.upiName?.trim() ?? "" };
}

/**
 * How to pay the booking amount, from what the booking owes of it (dues.ts): UPI asks only for
 * what is left. A ride whose booking amount is no plain sum charges nothing: the page then
 * shows the ride's own text (`bookingCost`) for the organisers' terms.
 */
export function bookingPayment(
  payee: Payee,
  owed: PartDues | null,
  reference: string,
  bookingCost = "",
): BookingPayment {
  const { payeeId, payeeName } = payeeOf(payee);
  if (!owed) {
    const amount = bookingAmount({ bookingCost })?.amount ?? null;
    return { amount, link: null, payeeId, payeeName, credit: null, covered: false, paid: false, claimedUtr: "" };
  }
  const left = owed.leftPaise;
  const link = left > 0 ? upiPaymentLink({ payeeId, payeeName, bookingCost: amountOf(left), reference }) : null;
  return {
    amount: left > 0 ? formatRupees(left) : null,
    link,
    payeeId,
    payeeName,
    credit: owed.creditPaise > 0 ? formatRupees(owed.creditPaise) : null,
    covered: owed.creditPaise === owed.chargedPaise,
    paid: owed.paid,
    claimedUtr: owed.claimedUtr ?? "",
  };
}

/** The balance as the booking page shows it: amount, due date, its own UPI link and note. */
export type BalancePayment = {
  /** What is left of it ('₹28,500'); the whole balance once paid. */
  amount: string;
  /** '3rd June 2027'; '' when it is due now or the ride has no start date. */
  dueDate: string;
  /** Booked after its due date: due now, with the booking amount. */
  dueNow: boolean;
  paid: boolean;
  overdue: boolean;
  /** The payment's note: the reference and the word balance, so the organisers tell the payments apart. */
  note: string;
  link: string | null;
  payeeId: string;
  payeeName: string;
  /** The UTR the rider gave for it, not confirmed yet; '' for none. */
  claimedUtr: string;
};

/** What a reminder tells a rider who still owes the balance; null once paid (or without one). */
export function balanceReminderLine(balance: BalancePayment | null): string | null {
  if (!balance || balance.paid) return null;
  const when = balance.dueNow
    ? "is due now"
    : balance.overdue
      ? `was due by ${balance.dueDate}`
      : balance.dueDate
        ? `is due by ${balance.dueDate}`
        : "is due before the ride starts";
  const pay = balance.link ? ` Pay by UPI from your phone: ${balance.link}` : "";
  return `Your balance of ${balance.amount} ${when}.${pay}`;
}

/** The balance of a booking, from what it owes of it (dues.ts), or null when it owes none. */
export function balancePayment(payee: Payee, owed: PartDues | null, reference: string): BalancePayment | null {
  if (!owed) return null;
  const { payeeId, payeeName } = payeeOf(payee);
  const note = `${reference} balance`;
  const left = owed.leftPaise;
  return {
    amount: formatRupees(owed.paid ? owed.chargedPaise : left),
    dueDate: owed.dueDate ? formatDateRange(owed.dueDate, owed.dueDate) : "",
    dueNow: owed.dueNow,
    paid: owed.paid,
    overdue: owed.overdue,
    note,
    link: left > 0 ? upiPaymentLink({ payeeId, payeeName, bookingCost: amountOf(left), reference: note }) : null,
    payeeId,
    payeeName,
    claimedUtr: owed.claimedUtr ?? "",
  };
}

/** The step that tells a confirmed rider about the balance, or null when there is nothing to pay. */
function balanceStep(balance: BalancePayment | null): string | null {
  if (!balance || balance.paid) return null;
  const how = balance.link
    ? ": by UPI with its own QR code or payment link below, then enter its UTR in its own field"
    : "; the organisers will confirm when they receive it";
  if (balance.dueNow)
    return `You booked after the balance's due date, so the balance of ${balance.amount} is due now too${how}.`;
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
  if (payment.paid && payment.covered)
    return `Your credit of ${payment.credit} paid the booking amount: nothing to pay for it.`;
  if (payment.paid) return "The organisers have your booking amount: thank you.";
  if (payment.claimedUtr)
    return `You gave the UTR of your booking amount payment (${payment.claimedUtr}): the organisers will confirm once they see it.`;
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
