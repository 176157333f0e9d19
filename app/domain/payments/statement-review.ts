import type { BookingPart } from "../registration/dues";
import type { StatementError } from "./statement";

// A statement as its page shows it (docs/features/bank-statements.md, Screens): no narration (a
// payer's note is no business of the page), each line's booking with its rider's name and ride.

/** The booking a line pays or seems meant for: names are fine on the admin's page, never in a log. */
export type BookingView = { reference: string; name: string; rideTitle: string };

export type MatchView = BookingView & {
  /** Names the match in the confirm form: its line, booking, parts and amount. */
  key: string;
  line: number;
  date: string;
  amountPaise: number;
  utr: string;
  /** One part, or both when the line paid the whole trip at once. */
  parts: BookingPart[];
};

export type MismatchView = {
  line: number;
  date: string;
  amountPaise: number;
  utr: string;
  /** Why, in the admin's words (MISMATCH_REASONS). */
  reason: string;
  /** The booking it seems meant for, if any. */
  booking: BookingView | null;
};

export type UnmatchedView = BookingView & { part: BookingPart; amountPaise: number; claimedUtr: string | null };

export type StatementReview = {
  bankKey: string;
  /** UPI credits read. */
  lineCount: number;
  errors: StatementError[];
  matches: MatchView[];
  mismatches: MismatchView[];
  unmatched: UnmatchedView[];
};
