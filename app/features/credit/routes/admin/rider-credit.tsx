import { Form, data, useActionData, useNavigation } from "react-router";
import { AdminPage, useAdminPage } from "~/components/admin/admin-page";
import { FormAnswer } from "~/components/admin/form-answer";
import { InputField } from "~/components/form/controls";
import { servicesContext } from "~/context";
import { formatIndianTime } from "~/domain/indian-time";
import { formatRupees } from "~/domain/registration/balance";
import type { CreditKind, CreditState } from "~/features/credit/domain/credit";
import { MAX_CREDIT_NOTE_LENGTH } from "~/features/credit/domain/credit-input";
import { dispatchFormIntent } from "~/server/http/form-intent.server";
import { readAdminForm, unreadableForm } from "~/server/admin/read-form.server";
import { adminActionContext } from "~/server/admin/respond.server";
import { adjustCredit, decideCredit } from "~/features/credit/server/commands.server";
import { creditLedgerPage, type LedgerLine } from "~/features/credit/server/ledger-page.server";
import { getRider } from "~/features/rider-accounts/server/riders.server";
import { NotFoundError, ValidationError } from "~/server/validation/errors.server";
import type { Route } from "./+types/rider-credit";

// A rider's credit ledger (docs/features/credit.md): owners and editors read it, confirm or
// decline a cancelled booking's credit, and adjust it with a note. Plain forms: each post is one
// command, audited.

const KIND_LABELS: Readonly<Record<CreditKind, string>> = {
  cancellation: "Cancelled booking",
  used: "Spent on a booking",
  returned: "Returned from a cancelled booking",
  adjustment: "Adjustment",
};
const STATE_LABELS: Readonly<Record<CreditState, string>> = {
  pending: "Waiting",
  confirmed: "Confirmed",
  declined: "Declined",
};

const buttonClass = "inline-flex min-h-11 items-center rounded-md px-4 font-semibold disabled:opacity-50";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Credit${loaderData ? ` · ${loaderData.rider.email}` : ""} · Roadbook Admin` },
];

const riderNotFound = () => data({ message: "Rider not found" }, { status: 404 });

export async function loader({ context, params }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const page = await creditLedgerPage(db, params.riderId);
  if (!page) throw riderNotFound();
  return { ...page, loadError: null };
}

/** The answer to a post; a refused adjustment's messages go under its fields. */
type Answer = { ok: boolean; message: string; adjustErrors?: Record<string, string> };

function answer(status: number, body: Answer) {
  return data(body, { status });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const { db } = context.get(servicesContext);
  const { actor } = adminActionContext(context);
  // No such rider: the page that would show the answer is not found, whatever was sent.
  if (!(await getRider(db, params.riderId))) throw riderNotFound();
  const read = await readAdminForm(request);
  if (!read.ok) return unreadableForm(read);
  const field = (name: string) => {
    const value = read.form.get(name);
    return typeof value === "string" ? value : "";
  };
  const change = { actor, riderId: params.riderId };
  const intent = field("intent");
  const decide = async (confirm: boolean) => {
    const decided = await decideCredit(
      db,
      field("entryId"),
      confirm ? { confirm, amount: field("amount") } : { confirm },
      change,
    );
    const message = confirm ? `Credit ${formatRupees(decided.amountPaise)} confirmed.` : "Credit declined.";
    return answer(200, { ok: true, message });
  };
  try {
    return await dispatchFormIntent(
      intent,
      {
        confirm: () => decide(true),
        decline: () => decide(false),
        adjust: async () => {
          const adjusted = await adjustCredit(
            db,
            params.riderId,
            { amount: field("amount"), note: field("note") },
            change,
          );
          return answer(200, { ok: true, message: `Credit adjusted: ${formatRupees(adjusted.leftPaise)} left.` });
        },
      },
      () => answer(400, { ok: false, message: "Unknown credit action" }),
    );
  } catch (error) {
    if (error instanceof ValidationError) {
      const message = Object.values(error.errors).join(" ");
      return answer(400, { ok: false, message, ...(intent === "adjust" ? { adjustErrors: error.errors } : {}) });
    }
    if (error instanceof NotFoundError) return answer(404, { ok: false, message: error.message });
    throw error;
  }
}

export default function RiderCreditPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const [flash] = useAdminPage(loaderData.loadError);
  const busy = useNavigation().state !== "idle";
  const { rider, summary, entries } = loaderData;
  const adjustErrors = (result && "adjustErrors" in result ? result.adjustErrors : undefined) ?? {};
  return (
    <AdminPage
      title={`Credit · ${rider.email}`}
      intro="What this rider's cancelled bookings left them to spend."
      flash={flash}
    >
      <FormAnswer answer={result} />
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Credit summary">
        <Figure label="Credited" value={summary.credited} />
        <Figure label="Used" value={summary.used} />
        <Figure label="Left" value={summary.left} />
        <Figure label="Waiting" value={summary.pending} />
      </dl>
      <section aria-labelledby="ledger-heading" className="space-y-3">
        <h2 id="ledger-heading" className="font-display text-xl font-bold text-ink-900">
          Ledger
        </h2>
        {entries.length === 0 ? (
          <p className="text-ink-700">No credit yet.</p>
        ) : (
          <ul className="space-y-3" aria-label="Credit entries">
            {entries.map((entry) => (
              <Entry key={entry.id} entry={entry} busy={busy} />
            ))}
          </ul>
        )}
      </section>
      <Form method="post" className="space-y-3 rounded-card bg-white p-5 shadow-card" aria-label="Adjust the credit">
        <h2 className="font-display text-xl font-bold text-ink-900">Adjust the credit</h2>
        <input type="hidden" name="intent" value="adjust" />
        <InputField
          id="adjust-amount"
          name="amount"
          label="Amount (₹)"
          hint="+ to add, − to take off: +500, -500. What is left never goes below zero."
          inputMode="decimal"
          error={adjustErrors.amount}
        />
        <InputField
          id="adjust-note"
          name="note"
          label="Note"
          hint="Why: the ledger keeps it (the audit trail does not)"
          maxLength={MAX_CREDIT_NOTE_LENGTH}
          error={adjustErrors.note}
        />
        <button type="submit" disabled={busy} className={`${buttonClass} bg-brand-600 text-white hover:bg-brand-700`}>
          Save the adjustment
        </button>
      </Form>
    </AdminPage>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-card bg-white p-4 shadow-card">
      <dt className="text-xs font-medium tracking-wide text-ink-600 uppercase">{label}</dt>
      <dd className="text-2xl font-bold text-ink-900" data-testid={`credit-${label.toLowerCase()}`}>
        {value}
      </dd>
    </div>
  );
}

function Entry({ entry, busy }: { entry: LedgerLine; busy: boolean }) {
  const booking = entry.reference ? `${entry.reference}${entry.rideTitle ? ` · ${entry.rideTitle}` : ""}` : null;
  return (
    <li data-testid="credit-entry" className="space-y-2 rounded-card border border-ink-200 bg-white p-4 shadow-card">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <p className="font-semibold text-ink-900">
          {KIND_LABELS[entry.kind]} <span className="font-mono">{entry.amount}</span>
        </p>
        <span className="text-sm font-semibold text-ink-700">{STATE_LABELS[entry.state]}</span>
      </div>
      <p className="text-sm text-ink-600">
        <time dateTime={entry.createdAt}>{formatIndianTime(entry.createdAt)}</time>
        {booking ? ` · ${booking}` : ""}
      </p>
      {entry.note ? <p className="text-ink-800">{entry.note}</p> : null}
      {entry.state === "pending" ? (
        <Form method="post" className="flex flex-wrap items-end gap-2" aria-label={`Decide the credit ${entry.amount}`}>
          <input type="hidden" name="entryId" value={entry.id} />
          <InputField
            id={`amount-${entry.id}`}
            name="amount"
            label="Amount to keep (₹)"
            inputMode="decimal"
            defaultValue={entry.rupees}
          />
          <button
            type="submit"
            name="intent"
            value="confirm"
            disabled={busy}
            className={`${buttonClass} bg-brand-600 text-white hover:bg-brand-700`}
          >
            Confirm credit
          </button>
          <button
            type="submit"
            name="intent"
            value="decline"
            disabled={busy}
            className={`${buttonClass} border border-red-300 text-red-700 hover:bg-red-50`}
          >
            Decline credit
          </button>
        </Form>
      ) : null}
    </li>
  );
}
