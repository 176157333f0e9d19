import type { StatementLine } from "./statement";

// A statement's UPI credits matched to the payments bookings still owe
// (docs/features/bank-statements.md). Nothing here records anything: the admin confirms.

export type PaymentPart = "booking" | "balance";

/** A payment a booking still owes. */
export type ExpectedPayment = {
  registrationId: string;
  /** The booking's reference, 'RB-7K3Q'. */
  reference: string;
  part: PaymentPart;
  amountPaise: number;
  /** The UTR the rider gave on their booking page for this part, or null. */
  claimedUtr: string | null;
};

export type MismatchReason = "amount-differs" | "utr-unknown" | "utr-twice" | "already-recorded";

/** What each mismatch means, for the admin. */
export const MISMATCH_REASONS: Record<MismatchReason, string> = {
  "amount-differs": "The payment is for this booking, but its amount is not what the booking owes.",
  "utr-unknown": "This credit matches no payment still owed, by its UTR or by a booking reference in its note.",
  "utr-twice": "This UTR is on more than one line of the statement. Check with the bank before recording either.",
  "already-recorded": "A payment with this UTR is already recorded.",
};

export type StatementMatch = { line: StatementLine; expected: ExpectedPayment };

/** A credit that is not matched; `expected` is the booking's payment it seems meant for, if any. */
export type StatementMismatch = { line: StatementLine; reason: MismatchReason; expected?: ExpectedPayment };

export type StatementMatching = {
  /** In the statement's order; a payment of both parts at once is two matches of one line. */
  matches: StatementMatch[];
  mismatches: StatementMismatch[];
  /** The payments no line matched, in the order given. */
  unmatched: ExpectedPayment[];
};

/** A line still to place, with the parts of the booking (or bookings) it names. */
type Candidate = { index: number; line: StatementLine; parts: ExpectedPayment[]; claimed: ExpectedPayment[] };

/**
 * Matches a statement's UPI credits to the payments still owed, each payment at most once:
 *   1. a UTR on two lines of the statement: both 'utr-twice', never matched;
 *   2. a UTR already recorded: 'already-recorded';
 *   3. a UTR a rider gave for a payment names that booking; else the booking reference in the
 *      narration does; else the credit is 'utr-unknown';
 *   4. of the named booking's parts still owed, the one whose amount equals the credit's
 *      (the part the UTR was given for first, then the booking amount before the balance);
 *      else, when the credit equals its booking amount and balance together, both parts;
 *      else 'amount-differs'.
 * Lines named by a given UTR choose first, then lines named by their note, each taking an
 * exact part before any line takes two parts, so a credit of both parts never takes a part
 * that another line paid exactly. One pass over each list, through maps: O(lines + payments).
 */
export function matchStatement(
  lines: readonly StatementLine[],
  expected: readonly ExpectedPayment[],
  recorded: ReadonlySet<string>,
): StatementMatching {
  const utrLines = countBy(lines, (line) => line.utr);
  const parts = groupBy(expected, (payment) => payment.registrationId);
  const referenced = new Map(expected.map((payment) => [payment.reference.toUpperCase(), payment.registrationId]));
  const claims = groupBy(
    expected.filter((payment) => payment.claimedUtr !== null),
    (payment) => payment.claimedUtr!,
  );

  const outcomes: (StatementMatch[] | StatementMismatch)[] = [];
  const byClaim: Candidate[] = [];
  const byNote: Candidate[] = [];
  for (const [index, line] of lines.entries()) {
    const claimed = claims.get(line.utr) ?? [];
    const noted = line.bookingReference === null ? undefined : referenced.get(line.bookingReference);
    const registrations = claimed.length > 0 ? new Set(claimed.map((payment) => payment.registrationId)) : [noted];
    const owed = [...registrations].flatMap((id) => (id === undefined ? [] : parts.get(id)!));
    if (utrLines.get(line.utr)! > 1) outcomes[index] = { line, reason: "utr-twice" };
    else if (recorded.has(line.utr)) outcomes[index] = { line, reason: "already-recorded" };
    else if (owed.length === 0) outcomes[index] = { line, reason: "utr-unknown" };
    else (claimed.length > 0 ? byClaim : byNote).push({ index, line, parts: owed, claimed });
  }

  const taken = new Set<ExpectedPayment>();
  const place = (candidate: Candidate, chosen: ExpectedPayment[] | undefined) => {
    if (!chosen) return false;
    for (const payment of chosen) taken.add(payment);
    outcomes[candidate.index] = chosen.map((payment) => ({ line: candidate.line, expected: payment }));
    return true;
  };
  const claimLeft = byClaim.filter(
    (candidate) => !place(candidate, exactPart(candidate, taken) ?? bothParts(candidate, taken)),
  );
  const noteLeft = byNote
    .filter((candidate) => !place(candidate, exactPart(candidate, taken)))
    .filter((candidate) => !place(candidate, bothParts(candidate, taken)));
  for (const candidate of [...claimLeft, ...noteLeft]) {
    const meant = [...candidate.claimed, ...candidate.parts].find((payment) => !taken.has(payment));
    outcomes[candidate.index] = meant
      ? { line: candidate.line, reason: "amount-differs", expected: meant }
      : { line: candidate.line, reason: "utr-unknown" };
  }

  const matching: StatementMatching = { matches: [], mismatches: [], unmatched: [] };
  for (const outcome of outcomes) {
    if (Array.isArray(outcome)) matching.matches.push(...outcome);
    else matching.mismatches.push(outcome);
  }
  matching.unmatched = expected.filter((payment) => !taken.has(payment));
  return matching;
}

/** The one part still owed whose amount is the credit's: a claimed part first, then booking before balance. */
function exactPart(candidate: Candidate, taken: ReadonlySet<ExpectedPayment>): ExpectedPayment[] | undefined {
  const fits = (payment: ExpectedPayment) => !taken.has(payment) && payment.amountPaise === candidate.line.amountPaise;
  const part =
    candidate.claimed.find(fits) ??
    candidate.parts.find((payment) => payment.part === "booking" && fits(payment)) ??
    candidate.parts.find(fits);
  return part && [part];
}

/** A booking's amount and balance, both still owed, when together they are the credit. */
function bothParts(candidate: Candidate, taken: ReadonlySet<ExpectedPayment>): ExpectedPayment[] | undefined {
  const owed = candidate.parts.filter((payment) => !taken.has(payment));
  for (const booking of owed) {
    if (booking.part !== "booking") continue;
    const balance = owed.find(
      (payment) => payment.part === "balance" && payment.registrationId === booking.registrationId,
    );
    if (balance && booking.amountPaise + balance.amountPaise === candidate.line.amountPaise) return [booking, balance];
  }
  return undefined;
}

function countBy<T>(items: readonly T[], key: (item: T) => string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const item of items) counts.set(key(item), (counts.get(key(item)) ?? 0) + 1);
  return counts;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const group = groups.get(key(item));
    if (group) group.push(item);
    else groups.set(key(item), [item]);
  }
  return groups;
}
