import { MISMATCH_REASONS } from "./match-statement";

// What confirming a statement's matches came to (docs/features/bank-statements.md, The write):
// the payments recorded, and the lines passed over with why, in the admin's words.

export type SkipReason = "changed" | "already-recorded";

export const SKIP_REASONS: Record<SkipReason, string> = {
  changed: "Changed since the statement was read: the booking no longer owes this payment as matched.",
  "already-recorded": MISMATCH_REASONS["already-recorded"],
};

export type SkippedLine = { line: number; utr: string; reason: SkipReason };

export type ConfirmOutcome = {
  /** Payments recorded: one per line, a line that paid both parts being one payment. */
  recorded: number;
  skipped: SkippedLine[];
};
