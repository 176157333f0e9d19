import { formatRupees } from "~/domain/registration/balance";
import { policySentences } from "~/domain/registration/policy-sentences";
import { quoteSentence } from "~/domain/registration/cancellation-quote";
import type { Dues, LedgerEntry } from "~/domain/registration/dues";
import {
  type CancellationView,
  type ChoiceView,
  REFUND_CHOICE_LABELS,
  type RefundChoice,
} from "~/domain/registration/refund-choice";
import type { RegistrationStatus } from "~/domain/registration/settings";
import type { Ride } from "~/domain/ride";
import type { Executor } from "../db/schema.server";
import { quoteOfEntries } from "./cancellation-quote.server";
import { choicesOf, policyOfBooking } from "./refunds.server";

// What the rider's booking page shows of cancelling (docs/features/cancellation.md): the policy
// the booking is held to, the live quote, and the money still to choose a way back for.

const viewOf = (choices: RefundChoice[]): ChoiceView[] =>
  choices.map((value) => ({ value, label: REFUND_CHOICE_LABELS[value] }));

/** The booking page's cancellation part, from the booking's row, ride, dues and ledger entries (read once by the page). */
export async function cancellationView(
  executor: Executor,
  booking: { id: string; status: RegistrationStatus },
  ride: Ride | null,
  { dues, entries }: { dues: Dues; entries: readonly LedgerEntry[] },
  now: Date,
): Promise<CancellationView> {
  const row = await executor
    .selectFrom("registrations")
    .select(["id", "status", "cancellation_policy", "erased_at"])
    .where("id", "=", booking.id)
    .executeTakeFirstOrThrow();
  const choices = viewOf(choicesOf(row, ride));
  const view = { policy: policySentences(policyOfBooking(row, ride)) };
  if (booking.status === "cancelled") {
    const amount = dues.refundToChoosePaise;
    const toChoose =
      amount > 0 ? { amount: formatRupees(amount), rideCancelled: ride?.status === "cancelled", choices } : null;
    return { ...view, quote: null, cancelChoices: [], toChoose };
  }
  const quote = quoteOfEntries(row, ride, entries, now);
  const rideCancelled = ride?.status === "cancelled" && quote.paidPaise > 0;
  return {
    ...view,
    quote: quoteSentence(quote),
    cancelChoices: quote.backPaise > 0 ? choices : [],
    toChoose: rideCancelled ? { amount: formatRupees(quote.paidPaise), rideCancelled, choices } : null,
  };
}
