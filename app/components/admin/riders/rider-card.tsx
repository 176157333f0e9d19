import { Ban, CheckCircle2, MessageCircle, Phone, UserCheck } from "lucide-react";
import { Fragment, type ReactNode, useState } from "react";
import { OPTION_LABELS } from "~/domain/registration/settings";
import { displayPhone, whatsappHref } from "~/domain/registration/rider-contact";
import { type RiderBalance, type RiderRow, ADMIN_STATUS_LABELS } from "~/domain/registration/riders-page";
import { formatIndianShortDate } from "~/domain/dates";
import { formatIndianTime } from "~/domain/indian-time";
import { FreshLinkButton } from "./fresh-link-button";
import { UpiRefundForm } from "../refunds/upi-refund-form";
import { useRiderAction } from "./use-rider-action";
import type { AllOf } from "~/domain/all-of";
import { riderCardParts } from "~/features/slots/rider-card";
import type { RiderCardPart } from "./rider-card-part";

const buttonClass =
  "inline-flex min-h-11 items-center gap-1.5 rounded-md border px-3 text-sm font-medium disabled:opacity-50";
const STATUS_CLASSES = {
  confirmed: "bg-success-50 text-success-600",
  waitlisted: "bg-amber-50 text-amber-800",
  cancelled: "bg-ink-100 text-ink-700",
} as const;

type FactsOf<Part> = Part extends RiderCardPart<infer Facts> ? Facts : never;
/** What the features' parts read of a rider (a waiver, a pending credit), beside the core's row. */
type CardFacts = AllOf<FactsOf<(typeof riderCardParts)[number]>>;
const parts: readonly RiderCardPart<CardFacts>[] = riderCardParts;

/** One rider on the Riders page: who, how to reach them, their seat and payment, and what the admin can do. */
export function RiderCard({
  rider,
  onMessage,
  canOverride = false,
}: {
  rider: RiderRow & CardFacts;
  onMessage: (text: string) => void;
  /** An owner or editor: may keep another amount than the quote's, with a reason. */
  canOverride?: boolean;
}) {
  const action = useRiderAction(onMessage);
  const { run, pending } = action;
  const name = rider.erased ? "Personal data erased" : rider.name;
  const whatsapp = whatsappHref(rider.phone);
  const titleId = `rider-${rider.id}-name`;
  const paid = rider.payment === "paid";

  const [cancelling, setCancelling] = useState(false);

  return (
    <li
      data-testid="rider"
      data-reference={rider.reference}
      aria-busy={pending !== null || undefined}
      className="rounded-card border border-ink-200 bg-white p-4 shadow-card"
    >
      <article aria-labelledby={titleId} className="space-y-3">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <h3 id={titleId} className="font-display text-lg font-bold break-words text-ink-900">
              {name}
            </h3>
            <p className="font-mono text-sm text-ink-600">{rider.reference}</p>
          </div>
          <span className={`rounded-full px-3 py-1 text-sm font-semibold ${STATUS_CLASSES[rider.status]}`}>
            {ADMIN_STATUS_LABELS[rider.status]}
          </span>
        </div>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <Fact label="Mobile">
            {rider.phone ? (
              <a href={`tel:${rider.phone}`} className="inline-flex items-center gap-1 text-brand-700 underline">
                <Phone aria-hidden="true" className="size-4" />
                {displayPhone(rider.phone)}
              </a>
            ) : (
              "—"
            )}
          </Fact>
          <Fact label="Option">
            {OPTION_LABELS[rider.option]}
            {rider.pillionName ? ` · pillion ${rider.pillionName}` : ""}
          </Fact>
          {rider.payment ? (
            <Fact label="Booking amount">
              <span
                data-testid="payment"
                className={paid ? "font-semibold text-success-600" : "font-semibold text-amber-800"}
              >
                {paid ? "Paid" : "Due"}
              </span>
              {rider.utr ? <span className="ml-2 font-mono text-ink-700">UTR {rider.utr}</span> : null}
            </Fact>
          ) : null}
          {rider.owedBack ? (
            <Fact label="Owed back">
              <span data-testid="owed-back" className="font-semibold text-amber-800">
                {rider.owedBack}
              </span>
            </Fact>
          ) : null}
          {rider.balance ? (
            <Fact label="Balance">
              <BalanceState balance={rider.balance} />
            </Fact>
          ) : null}
          {parts.map((part) => {
            const fact = part.fact?.(rider);
            return fact ? (
              <Fact key={part.name} label={fact.label}>
                {fact.value}
              </Fact>
            ) : null;
          })}
          <Fact label="Registered">
            <time dateTime={rider.createdAt}>{formatIndianTime(rider.createdAt)}</time>
          </Fact>
        </dl>
        <div className="flex flex-wrap gap-2">
          {whatsapp && (
            <a
              href={whatsapp}
              target="_blank"
              rel="noopener noreferrer"
              className={`${buttonClass} border-green-600 text-green-800 hover:bg-green-50`}
            >
              <MessageCircle aria-hidden="true" className="size-4" />
              WhatsApp<span className="sr-only"> {name}</span>
            </a>
          )}
          {rider.status !== "cancelled" && rider.payment && (
            <button
              type="button"
              disabled={pending === "payment"}
              onClick={() => run("payment", { id: rider.id, payment: paid ? "due" : "paid" })}
              className={`${buttonClass} border-ink-300 text-ink-800 hover:bg-ink-50`}
            >
              <CheckCircle2 aria-hidden="true" className="size-4" />
              {paid ? "Mark due" : "Mark paid"}
              <span className="sr-only"> {rider.reference}</span>
            </button>
          )}
          {rider.status !== "cancelled" && rider.balance && (
            <button
              type="button"
              disabled={pending === "payment"}
              onClick={() =>
                run("payment", { id: rider.id, payment: rider.balance?.paid ? "due" : "paid", which: "balance" })
              }
              className={`${buttonClass} border-ink-300 text-ink-800 hover:bg-ink-50`}
            >
              <CheckCircle2 aria-hidden="true" className="size-4" />
              {rider.balance.paid ? "Mark balance due" : "Mark balance paid"}
              <span className="sr-only"> {rider.reference}</span>
            </button>
          )}
          {rider.status !== "cancelled" && rider.phone ? <FreshLinkButton rider={rider} onMessage={onMessage} /> : null}
          {rider.status === "waitlisted" && (
            <button
              type="button"
              disabled={pending === "confirm"}
              onClick={() => run("confirm", { id: rider.id })}
              className={`${buttonClass} border-brand-600 text-brand-700 hover:bg-brand-50`}
            >
              <UserCheck aria-hidden="true" className="size-4" />
              Confirm<span className="sr-only"> {rider.reference}</span>
            </button>
          )}
          {rider.status !== "cancelled" && !cancelling && (
            <button
              type="button"
              disabled={pending === "cancel"}
              onClick={() => setCancelling(true)}
              className={`${buttonClass} border-red-300 text-red-700 hover:bg-red-50`}
            >
              <Ban aria-hidden="true" className="size-4" />
              Cancel registration<span className="sr-only"> {rider.reference}</span>
            </button>
          )}
        </div>
        {cancelling && rider.status !== "cancelled" ? (
          <CancelPanel
            rider={rider}
            canOverride={canOverride}
            pending={pending === "cancel"}
            onCancel={(body) => run("cancel", { id: rider.id, ...body })}
            onClose={() => setCancelling(false)}
          />
        ) : null}
        {rider.refund ? (
          <div className="space-y-2 rounded-md bg-amber-50 p-3 text-sm" data-testid="refund-to-choose">
            <p className="font-semibold text-ink-900">
              {`${rider.refund.amount} owed back, no way chosen yet: the rider chooses on their booking page, or record their choice.`}
            </p>
            <div className="flex flex-wrap gap-2">
              {rider.refund.choices.map((choice) => (
                <button
                  key={choice.value}
                  type="button"
                  disabled={pending === "refund"}
                  onClick={() => run("refund", { id: rider.id, choice: choice.value })}
                  className={`${buttonClass} border-ink-300 bg-white text-ink-800 hover:bg-ink-50`}
                >
                  {choice.value === "original" ? "Refund to how they paid" : "Keep as credit"}
                  <span className="sr-only"> {rider.reference}</span>
                </button>
              ))}
            </div>
          </div>
        ) : null}
        {rider.refundsDue.map((refund) =>
          refund.method === "upi" && refund.state === "pending" ? (
            <UpiRefundForm key={refund.entryId} refund={refund} run={run} pending={pending} />
          ) : (
            <p key={refund.entryId} className="text-sm text-ink-700" data-testid="refund-due">
              Refund {refund.amount} online: {refund.stateLabel}
            </p>
          ),
        )}
        {parts.map((part) => (
          <Fragment key={part.name}>{part.below?.(rider, action)}</Fragment>
        ))}
      </article>
    </li>
  );
}

/**
 * Cancelling, asked once more: the quote (what the policy keeps, what goes back), and for an
 * owner or editor another amount to keep, with the reason the trail records.
 */
function CancelPanel({
  rider,
  canOverride,
  pending,
  onCancel,
  onClose,
}: {
  rider: RiderRow;
  canOverride: boolean;
  pending: boolean;
  onCancel: (body: Record<string, string>) => void;
  onClose: () => void;
}) {
  const quote = rider.cancelQuote;
  const [kept, setKept] = useState(quote?.kept ?? "");
  const [reason, setReason] = useState("");
  const overridden = canOverride && quote !== null && kept.trim() !== quote.kept;
  const freed = rider.status === "confirmed" ? " Their seat goes to the first rider waiting." : "";
  const keptId = `kept-${rider.id}`;
  const reasonId = `reason-${rider.id}`;
  return (
    <div className="space-y-3 rounded-md border-2 border-red-300 bg-red-50 p-3 text-sm" data-testid="cancel-panel">
      <p className="font-semibold text-ink-900">{`Cancel the registration of ${rider.name || rider.reference}?${freed}`}</p>
      {quote ? <p className="text-ink-800">{quote.text}</p> : null}
      {canOverride && quote && quote.paid !== "0.00" ? (
        <>
          <label htmlFor={keptId} className="block font-medium text-ink-800">
            Amount kept (₹), at most what was paid
          </label>
          <input
            id={keptId}
            inputMode="decimal"
            value={kept}
            onChange={(event) => setKept(event.target.value)}
            className="min-h-11 w-40 rounded-md border border-ink-300 px-3"
          />
          {overridden ? (
            <>
              <label htmlFor={reasonId} className="block font-medium text-ink-800">
                Why another amount (kept in the trail)
              </label>
              <textarea
                id={reasonId}
                value={reason}
                onChange={(event) => setReason(event.target.value)}
                rows={2}
                className="w-full rounded-md border border-ink-300 px-3 py-2"
              />
            </>
          ) : null}
        </>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          disabled={pending}
          onClick={() => onCancel(overridden ? { kept, reason } : {})}
          className={`${buttonClass} border-red-700 bg-red-700 text-white hover:bg-red-800`}
        >
          Yes, cancel<span className="sr-only"> {rider.reference}</span>
        </button>
        <button type="button" onClick={onClose} className={`${buttonClass} border-ink-300 bg-white text-ink-800`}>
          Keep it
        </button>
      </div>
    </div>
  );
}

/** The balance's amount and state: paid, due by its date, or overdue; with the UTR the rider gave. */
function BalanceState({ balance }: { balance: RiderBalance }) {
  const due = balance.dueDate ? formatIndianShortDate(balance.dueDate) : "";
  const state = balance.paid ? "Paid" : balance.overdue ? `Overdue (due ${due})` : due ? `Due by ${due}` : "Due";
  const tone = balance.paid ? "text-success-600" : balance.overdue ? "text-red-700" : "text-amber-800";
  return (
    <>
      <span className="mr-2">{balance.amount}</span>
      <span data-testid="balance" className={`font-semibold ${tone}`}>
        {state}
      </span>
      {balance.utr ? <span className="ml-2 font-mono text-ink-700">UTR {balance.utr}</span> : null}
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-ink-600 uppercase">{label}</dt>
      <dd className="text-ink-900">{children}</dd>
    </div>
  );
}
