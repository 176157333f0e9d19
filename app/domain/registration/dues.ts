import { toIsoDate } from "../dates";
import type { RegistrationStatus } from "./settings";

// A booking's ledger and what it owes (docs/features/booking-ledger.md, decision 059). Every
// charge, fee, payment and refund of a booking is an entry, in whole paise; what the booking
// owes is worked out from its entries here, once, and every page, mail, filter and total reads
// it from `duesOf`.

export const ENTRY_KINDS = ["charge", "fee", "payment", "refund"] as const;
/** charge: the trip cost's parts; fee: money kept beyond them; payment: money in; refund: money back. */
export type EntryKind = (typeof ENTRY_KINDS)[number];

export const BOOKING_PARTS = ["booking", "balance"] as const;
/** The booking amount holds the seat; the balance is the rest of the trip cost, due by a date. */
export type BookingPart = (typeof BOOKING_PARTS)[number];

export const ENTRY_STATES = ["claimed", "confirmed", "voided"] as const;
/**
 * claimed: a payment the rider announced (its UTR) and nobody has seen yet; confirmed: counted;
 * voided: undone (a payment marked back to due, a cancelled booking's charges), kept for the trail.
 */
export type EntryState = (typeof ENTRY_STATES)[number];

export const PAYMENT_METHODS = ["upi", "online", "credit"] as const;
/** upi: to the organisers' UPI id, proven by its UTR; online: through the payment gateway; credit: the rider's credit. */
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export type LedgerEntry = {
  kind: EntryKind;
  /** A charge's part; the part a payment was made for (null: whatever is owed first). */
  part: BookingPart | null;
  /** Positive, whole paise; the kind says which way the money goes. */
  amountPaise: number;
  state: EntryState;
  method: PaymentMethod | null;
  /** A payment's UTR or the gateway's payment id. */
  reference: string | null;
  /** ISO instant. */
  createdAt: string;
};

/** One part of the trip cost as the booking stands. */
export type PartDues = {
  part: BookingPart;
  chargedPaise: number;
  paidPaise: number;
  /** What is left to pay of it. */
  leftPaise: number;
  paid: boolean;
  /** Of what paid it, what the rider's credit paid. */
  creditPaise: number;
  /** The UTR the rider announced for it and nobody confirmed yet, or null. */
  claimedUtr: string | null;
  /** The UTR the organisers match it by: the one announced, else the one a confirmed payment carries; '' for none. */
  utr: string;
  /** To pay now: the booking amount, and a balance charged after its due date (booked late). */
  dueNow: boolean;
  /** The last day to pay a balance, 'YYYY-MM-DD'; '' when due now or the ride has no start date yet. */
  dueDate: string;
  /** Unpaid past its due date. */
  overdue: boolean;
};

export type Dues = {
  booking: PartDues | null;
  balance: PartDues | null;
  /** Charges and fees counted. */
  owedPaise: number;
  /** Confirmed payments less refunds. */
  receivedPaise: number;
  /** Still to pay now: the booking amount, and a balance that is due now or overdue. */
  dueNowPaise: number;
  /** To pay by a date still to come. */
  dueLaterPaise: number;
  /** Paid beyond what is owed (a cancelled booking's payments, once its charges are void): the organisers owe it back. */
  refundOwedPaise: number;
  /** Of what is owed back, the refunds on their way (claimed): not given back until confirmed. */
  refundPendingPaise: number;
  /** Of what is owed back, what nobody has chosen how to give back yet (credit or the way it was paid). */
  refundToChoosePaise: number;
  /** Nothing left to pay and nothing to give back. */
  settled: boolean;
};

/** What the dues need of the booking besides its entries. */
export type DuesContext = {
  status: RegistrationStatus;
  /** The ride's balance due date ('YYYY-MM-DD'; '' without a start date: balance.ts, balanceDueDate). */
  balanceDueDate: string;
};

function sum(entries: readonly LedgerEntry[]): number {
  return entries.reduce((total, entry) => total + entry.amountPaise, 0);
}

function counted(entries: readonly LedgerEntry[], kind: EntryKind): LedgerEntry[] {
  return entries.filter((entry) => entry.kind === kind && entry.state === "confirmed");
}

/**
 * Spreads the confirmed payments over the parts: each to the part it was made for first, the
 * rest (or a payment for no part) in order, booking amount first. Returns what each part got,
 * and of it what credit paid.
 */
function allocate(charged: Record<BookingPart, number>, payments: readonly LedgerEntry[]) {
  const paid: Record<BookingPart, number> = { booking: 0, balance: 0 };
  const credit: Record<BookingPart, number> = { booking: 0, balance: 0 };
  const give = (part: BookingPart, amount: number, entry: LedgerEntry): number => {
    const taken = Math.min(amount, charged[part] - paid[part]);
    if (taken <= 0) return amount;
    paid[part] += taken;
    if (entry.method === "credit") credit[part] += taken;
    return amount - taken;
  };
  const ordered = [...payments].sort((a, b) => Number(b.part !== null) - Number(a.part !== null));
  for (const entry of ordered) {
    let left = entry.amountPaise;
    if (entry.part) left = give(entry.part, left, entry);
    for (const part of BOOKING_PARTS) left = give(part, left, entry);
  }
  return { paid, credit };
}

/** The reference of the last confirmed payment of a part. */
function paidReferenceOf(entries: readonly LedgerEntry[], part: BookingPart): string | null {
  const paid = entries.filter(
    (entry) => entry.kind === "payment" && entry.state === "confirmed" && entry.part === part && entry.reference,
  );
  return paid.at(-1)?.reference ?? null;
}

/** The last claim announced for a part, while nothing confirmed pays it. */
function claimOf(entries: readonly LedgerEntry[], part: BookingPart): string | null {
  const claims = entries.filter(
    (entry) => entry.kind === "payment" && entry.state === "claimed" && entry.part === part,
  );
  return claims.at(-1)?.reference ?? null;
}

/**
 * What a booking owes, from its ledger: each part charged, paid, left and when due; what is due
 * now and later; what the organisers owe back. A waitlisted booking has no charges yet, a
 * cancelled one's are void: neither owes anything.
 */
export function duesOf(entries: readonly LedgerEntry[], context: DuesContext, now: Date): Dues {
  const charges = counted(entries, "charge");
  const charged: Record<BookingPart, number> = {
    booking: sum(charges.filter((entry) => entry.part === "booking")),
    balance: sum(charges.filter((entry) => entry.part === "balance")),
  };
  const payments = counted(entries, "payment");
  const { paid, credit } = allocate(charged, payments);
  const today = toIsoDate(now);
  const partDues = (part: BookingPart): PartDues | null => {
    if (charged[part] === 0) return null;
    const left = charged[part] - paid[part];
    const chargedOn = charges.find((entry) => entry.part === part)?.createdAt.slice(0, 10) ?? "";
    const late = context.balanceDueDate !== "" && chargedOn > context.balanceDueDate;
    const dueNow = part === "booking" || late;
    const due = dueNow ? "" : context.balanceDueDate;
    const claimedUtr = left > 0 ? claimOf(entries, part) : null;
    return {
      part,
      chargedPaise: charged[part],
      paidPaise: paid[part],
      leftPaise: left,
      paid: left === 0,
      creditPaise: credit[part],
      claimedUtr,
      utr: claimedUtr ?? paidReferenceOf(entries, part) ?? "",
      dueNow,
      dueDate: due,
      overdue: left > 0 && due !== "" && today > due,
    };
  };
  const booking = partDues("booking");
  const balance = partDues("balance");
  const owed = charged.booking + charged.balance + sum(counted(entries, "fee"));
  const received = sum(payments) - sum(counted(entries, "refund"));
  const balanceNow = balance && (balance.dueNow || balance.overdue) ? balance.leftPaise : 0;
  const balanceLater = balance ? balance.leftPaise - balanceNow : 0;
  const feesLeft = Math.max(0, owed - received - (booking?.leftPaise ?? 0) - (balance?.leftPaise ?? 0));
  const dueNow = (booking?.leftPaise ?? 0) + balanceNow + feesLeft;
  const refundOwed = Math.max(0, received - owed);
  const refundPending = sum(entries.filter((entry) => entry.kind === "refund" && entry.state === "claimed"));
  return {
    booking,
    balance,
    owedPaise: owed,
    receivedPaise: received,
    dueNowPaise: dueNow,
    dueLaterPaise: balanceLater,
    refundOwedPaise: refundOwed,
    refundPendingPaise: refundPending,
    refundToChoosePaise: Math.max(0, refundOwed - refundPending),
    settled: dueNow === 0 && balanceLater === 0 && refundOwed === 0,
  };
}

/** Who a Riders page filter or a broadcast picks by what they owe. */
export const DUES_FILTERS = ["due", "paid", "balance-due", "overdue"] as const;
export type DuesFilter = (typeof DUES_FILTERS)[number];

export const DUES_FILTER_LABELS: Readonly<Record<DuesFilter, string>> = {
  due: "Booking amount unpaid",
  paid: "Booking amount paid",
  "balance-due": "Balance unpaid",
  overdue: "Balance overdue",
};

/** Whether a booking's dues are what `filter` picks. */
export function duesMatch(dues: Dues, filter: DuesFilter): boolean {
  switch (filter) {
    case "due":
      return dues.booking !== null && !dues.booking.paid;
    case "paid":
      return dues.booking?.paid === true;
    case "balance-due":
      return dues.balance !== null && !dues.balance.paid;
    case "overdue":
      return dues.balance?.overdue === true;
  }
}

/** What the paid and unpaid parts of a ride's bookings add up to, in paise. */
export type DuesTotals = { collected: number; due: number };

/** Collected and still to pay over these bookings' parts (the Riders page counts its confirmed riders). */
export function duesTotals(all: Iterable<Dues>): DuesTotals {
  const totals = { collected: 0, due: 0 };
  for (const dues of all) {
    for (const owed of [dues.booking, dues.balance]) {
      if (!owed) continue;
      totals.collected += owed.paidPaise;
      totals.due += owed.leftPaise;
    }
  }
  return totals;
}
