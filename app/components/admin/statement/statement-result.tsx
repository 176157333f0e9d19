import { CheckCheck } from "lucide-react";
import type { ReactNode } from "react";
import { Form } from "react-router";
import { SKIP_REASONS } from "~/domain/payments/statement-outcome";
import type { MappingChoices } from "~/domain/payments/statement-mapping";
import type { StatementError } from "~/domain/payments/statement";
import { formatRupees } from "~/domain/registration/balance";
import type { BookingPart } from "~/domain/registration/dues";
import type { ConfirmOutcome } from "~/domain/payments/statement-outcome";
import type { StatementReview } from "~/domain/payments/statement-review";
import { StatementCarried } from "./mapping-form";

// The statement matched: its matches with "Confirm N matches", what the last press passed over,
// the mismatches with their reasons, the payments still owed, the lines that could not be read.
// Cards, not a table, so a phone reads it by scrolling down only.

const PART_LABELS: Record<BookingPart, string> = { booking: "Booking amount", balance: "Balance" };

function partsLabel(parts: readonly BookingPart[]): string {
  return parts.length > 1 ? "Booking amount and balance" : PART_LABELS[parts[0] ?? "booking"];
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3 rounded-card bg-white p-5 shadow-card">
      <h2 id={id} className="text-xl font-bold text-ink-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** A statement line's own facts: where it is in the file, when, how much, its UTR. */
function LineFacts({ line, date, amountPaise, utr }: { line: number; date: string; amountPaise: number; utr: string }) {
  return (
    <p className="text-sm text-ink-700">
      Line {line} · {date} · <span className="font-semibold text-ink-900">{formatRupees(amountPaise)}</span> · UTR{" "}
      <span className="font-mono break-all">{utr}</span>
    </p>
  );
}

function Booking({ reference, name, rideTitle }: { reference: string; name: string; rideTitle: string }) {
  return (
    <p className="text-ink-900">
      <span className="font-mono font-semibold">{reference}</span> · {name || "(erased)"} · {rideTitle}
    </p>
  );
}

type StatementResultProps = {
  csv: string;
  choices: MappingChoices;
  review: StatementReview;
  outcome?: ConfirmOutcome;
  busy: boolean;
};

export function StatementResult({ csv, choices, review, outcome, busy }: StatementResultProps) {
  const { matches, mismatches, unmatched, errors } = review;
  return (
    <>
      <p className="text-ink-700" data-testid="statement-summary">
        {review.lineCount} UPI {review.lineCount === 1 ? "credit" : "credits"} read: {matches.length}{" "}
        {matches.length === 1 ? "match" : "matches"}, {mismatches.length}{" "}
        {mismatches.length === 1 ? "mismatch" : "mismatches"}.
      </p>
      {outcome && outcome.skipped.length > 0 ? (
        <Section id="statement-skipped" title={`Passed over (${outcome.skipped.length})`}>
          <ul className="space-y-3" aria-label="Passed over">
            {outcome.skipped.map((skipped) => (
              <li key={skipped.line} className="border-t border-ink-100 pt-3 first:border-0 first:pt-0">
                <p className="text-sm text-ink-700">
                  Line {skipped.line} · UTR <span className="font-mono">{skipped.utr}</span>
                </p>
                <p className="text-ink-900">{SKIP_REASONS[skipped.reason]}</p>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <Section id="statement-matches" title={`Matches (${matches.length})`}>
        {matches.length === 0 ? (
          <p className="text-ink-700">No line of the statement pays a booking that still owes it.</p>
        ) : (
          <>
            <ul className="space-y-3" aria-label="Matches">
              {matches.map((match) => (
                <li
                  key={match.key}
                  data-testid="statement-match"
                  data-reference={match.reference}
                  className="border-t border-ink-100 pt-3 first:border-0 first:pt-0"
                >
                  <LineFacts {...match} />
                  <Booking {...match} />
                  <p className="text-sm text-ink-700">{partsLabel(match.parts)}</p>
                </li>
              ))}
            </ul>
            <Form method="post" encType="multipart/form-data">
              <input type="hidden" name="intent" value="confirm" />
              <StatementCarried csv={csv} choices={choices} />
              {matches.map((match) => (
                <input key={match.key} type="hidden" name="match" value={match.key} />
              ))}
              <button
                type="submit"
                disabled={busy}
                className="inline-flex min-h-11 items-center gap-2 rounded-md bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
              >
                <CheckCheck aria-hidden="true" className="size-5" />
                Confirm {matches.length} {matches.length === 1 ? "match" : "matches"}
              </button>
            </Form>
          </>
        )}
      </Section>
      <Section id="statement-mismatches" title={`Mismatches (${mismatches.length})`}>
        {mismatches.length === 0 ? (
          <p className="text-ink-700">Every UPI credit read is matched.</p>
        ) : (
          <ul className="space-y-3" aria-label="Mismatches">
            {mismatches.map((mismatch) => (
              <li
                key={mismatch.line}
                data-testid="statement-mismatch"
                className="border-t border-ink-100 pt-3 first:border-0 first:pt-0"
              >
                <LineFacts {...mismatch} />
                <p className="text-ink-900">{mismatch.reason}</p>
                {mismatch.booking ? <Booking {...mismatch.booking} /> : null}
              </li>
            ))}
          </ul>
        )}
      </Section>
      <Section id="statement-unmatched" title={`Still owed, no line (${unmatched.length})`}>
        {unmatched.length === 0 ? (
          <p className="text-ink-700">Every payment owed on upcoming rides is matched.</p>
        ) : (
          <ul className="space-y-3" aria-label="Still owed">
            {unmatched.map((payment) => (
              <li
                key={`${payment.reference}-${payment.part}`}
                data-testid="statement-unmatched"
                className="border-t border-ink-100 pt-3 first:border-0 first:pt-0"
              >
                <Booking {...payment} />
                <p className="text-sm text-ink-700">
                  {PART_LABELS[payment.part]} · {formatRupees(payment.amountPaise)}
                  {payment.claimedUtr ? (
                    <>
                      {" "}
                      · rider gave UTR <span className="font-mono">{payment.claimedUtr}</span>
                    </>
                  ) : null}
                </p>
              </li>
            ))}
          </ul>
        )}
      </Section>
      {errors.length > 0 ? <UnreadLines errors={errors} /> : null}
    </>
  );
}

function UnreadLines({ errors }: { errors: readonly StatementError[] }) {
  return (
    <Section id="statement-errors" title={`Lines that could not be read (${errors.length})`}>
      <ul className="space-y-2" aria-label="Lines that could not be read">
        {errors.map((error) => (
          <li key={`${error.line ?? "file"}-${error.message}`} className="text-ink-900">
            {error.line === null ? "" : `Line ${error.line}: `}
            {error.message}
          </li>
        ))}
      </ul>
    </Section>
  );
}
