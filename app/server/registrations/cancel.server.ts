import type { Selectable } from "kysely";
import { type AuditActor, RIDER_ACTOR } from "~/domain/audit";
import type { Ride } from "~/domain/ride";
import type { Command } from "../commands/command.server";
import type { Database, RegistrationsTable } from "../db/schema.server";
import { serverClock } from "../clock.server";
import { ridePagesChanged } from "../rides/pages-changed.server";
import { promoteWaitlisted } from "./seats.server";
import { erasedColumns, registrationFromRow, type Registration, updateRegistrationRow } from "./rows.server";
import { eraseWhatFollows } from "./erasure.server";
import { keepOnCancel, keepWhatIsNotGivenBack, voidCharges } from "./ledger.server";
import { formatRupees } from "~/domain/registration/balance";
import type { CancellationQuote } from "~/domain/registration/cancellation-quote";
import { cancellationNews, refundNews, type RefundChoice } from "~/domain/registration/refund-choice";
import { refuse, ValidationError } from "../validation/errors.server";
import { choicesOf, chooseRefund } from "./refunds.server";
import { quoteOfBooking } from "./cancellation-quote.server";
import { tellRider } from "./feature-hooks.server";
import { type AdminChange, withRegistrationById, withRegistrationByToken } from "./locked-registration.server";
import { auditRiderChange, onRide } from "./booking-audit.server";
import { cancelLinksOf } from "../payments/online/payment-links.server";

// A booking cancelled, through each of its doors: by the rider through their private link, by
// an admin, erased by the rider (their link, or their account's erasure). The seats go back at
// once, to the waitlisted riders who now fit.

export type Cancellation = {
  registration: Registration;
  /** Waitlisted riders confirmed into the freed seats, first registered first. */
  promoted: Registration[];
};

/** An admin's own amount kept instead of the quote's, and why (docs/features/cancellation.md). */
export type KeepOverride = { keptPaise: number; reason: string };

/** Who cancels, as the trail says it; how the money comes back when chosen with it; an admin's override. */
type Canceller = { actor: AuditActor; erase: boolean; choice?: RefundChoice; override?: KeepOverride };

export const MAX_OVERRIDE_REASON = 500;
export const CHOOSE_FIRST = "Choose how the money comes back: to how you paid, or as credit";

/** The cancellation's line in the trail: the rider's own, or an admin's (an override with its amounts and reason). */
async function auditCancellation(
  command: Command,
  row: Selectable<RegistrationsTable>,
  ride: Ride | null,
  { actor, erase, override }: Canceller,
  quote: CancellationQuote | null,
): Promise<void> {
  const action = erase ? "deleted" : "status-changed";
  if (actor === RIDER_ACTOR) {
    const what = erase ? "cancelled by the rider, personal data erased" : "cancelled by the rider";
    return auditRiderChange(command, row, ride, what, { action });
  }
  const overridden =
    override && quote
      ? `: kept ${formatRupees(override.keptPaise)} of ${formatRupees(quote.paidPaise)} paid instead of the quoted ${formatRupees(quote.keptPaise)}, because: ${override.reason}`
      : "";
  const summary = `Cancelled booking ${row.reference}${onRide(ride)}${overridden}`;
  await command.audit(actor, { action, collection: "registrations", recordId: row.id, summary });
}

/** What is kept: the quote's, or the admin's override, refused unless within what was paid and with a reason. */
function keptOf(quote: CancellationQuote, override: KeepOverride | undefined): number {
  if (!override) return quote.keptPaise;
  const errors: Record<string, string> = {};
  if (!Number.isSafeInteger(override.keptPaise) || override.keptPaise < 0 || override.keptPaise > quote.paidPaise)
    errors.kept = `The amount kept must be from ₹0 to what was paid, ${formatRupees(quote.paidPaise)}`;
  const reason = override.reason.trim();
  if (!reason) errors.reason = "Say why the amount kept differs from the policy's";
  else if (reason.length > MAX_OVERRIDE_REASON)
    errors.reason = `The reason must be at most ${MAX_OVERRIDE_REASON} characters`;
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return override.keptPaise;
}

/**
 * How what comes back does: the canceller's choice; the only way offered (nothing to choose);
 * else an admin leaves it to the rider (their booking page), and a rider must choose first.
 */
function choiceOf(
  row: Selectable<RegistrationsTable>,
  ride: Ride | null,
  canceller: Canceller,
  backPaise: number,
): RefundChoice | undefined {
  if (backPaise === 0 || canceller.choice) return canceller.choice;
  const offered = choicesOf(row, ride);
  if (offered.length === 1) return offered[0];
  return canceller.actor === RIDER_ACTOR ? refuse(CHOOSE_FIRST, "choice") : undefined;
}

/**
 * A cancellation frees the seats at once and confirms the waitlisted riders who now fit, in the
 * same transaction; with `erase`, the rider's personal data goes too. What was paid is kept as
 * the booking's policy quotes (one fee; an admin may override it) and the rest is owed back, given
 * back as chosen now or later (refunds.server.ts). Cancelling twice changes nothing but a choice
 * still to make (an erasure still erases).
 */
async function cancelLocked(
  command: Command,
  row: Selectable<RegistrationsTable>,
  ride: Ride | null,
  canceller: Canceller,
): Promise<Cancellation> {
  const { trx, now } = command;
  if (row.status === "cancelled" && !canceller.erase) {
    if (canceller.choice) await chooseLater(command, row, ride, canceller);
    return { registration: registrationFromRow(row), promoted: [] };
  }
  const quote = canceller.erase ? null : await quoteOfBooking(trx, row, ride, now);
  const kept = quote ? keptOf(quote, canceller.override) : 0;
  const choice = quote ? choiceOf(row, ride, canceller, quote.paidPaise - kept) : undefined;
  const wasConfirmed = row.status === "confirmed";
  const erased = canceller.erase ? erasedColumns(now.toISOString()) : {};
  // A cancelled rider is not on the ride: a check-in goes with the seat.
  const updated = await updateRegistrationRow(
    trx,
    row.id,
    { status: "cancelled", checked_in_at: null, ...erased },
    now,
  ).executeTakeFirstOrThrow();
  await voidCharges(command, row.id);
  let news = "";
  if (canceller.erase) {
    // Erased, the booking leaves the account and nobody is left to choose: its money is kept.
    await keepWhatIsNotGivenBack(command, row);
  } else {
    const note = canceller.override ? "Kept: the organisers' amount" : "Kept under the cancellation policy";
    await keepOnCancel(command, row, kept, note);
    const written = choice ? await chooseRefund(command, row, ride, choice, canceller.actor) : null;
    news = cancellationNews(kept, quote!.paidPaise - kept, written);
  }
  // Its payment link goes too, at Razorpay once this commits: nobody pays for a seat not held.
  await cancelLinksOf(command, row.id, row.reference);
  // Their photos and words leave the public pages with them, their photos' files once committed.
  if (canceller.erase) await eraseWhatFollows(command);
  await auditCancellation(command, row, ride, canceller, quote);
  if (!canceller.erase && ride) {
    const body =
      canceller.actor === RIDER_ACTOR
        ? `You cancelled booking ${row.reference} on "${ride.title}".`
        : `The organisers cancelled booking ${row.reference} on "${ride.title}". Reply to their messages or contact them if this is a surprise.`;
    await tellRider(command, {
      rideId: ride.id,
      registrationId: row.id,
      subject: "Your registration is cancelled",
      body: news ? `${body} ${news}` : body,
    });
  }
  const promoted = wasConfirmed
    ? await promoteWaitlisted(command, ride, canceller.actor, `booking ${row.reference} was cancelled`)
    : [];
  if (ride) await command.enqueue(ridePagesChanged(ride.id));
  return { registration: registrationFromRow(updated), promoted };
}

/** A cancelled booking's money owed back, given back as its rider chose on the booking page (or an admin for them). */
async function chooseLater(
  command: Command,
  row: Selectable<RegistrationsTable>,
  ride: Ride | null,
  { actor, choice }: Canceller,
): Promise<void> {
  const written = await chooseRefund(command, row, ride, choice!, actor);
  if (!written || !ride) return;
  await tellRider(command, {
    rideId: ride.id,
    registrationId: row.id,
    subject: "Your money is on its way back",
    body: `Booking ${row.reference} on "${ride.title}": ${refundNews(written)}`,
  });
}

/**
 * The rider cancels through their private link, choosing how what comes back does (required
 * when there is a choice to make). On a cancelled booking it makes the choice still to make
 * (`chooseRefundByToken`); cancelling twice changes nothing.
 */
export function cancelByToken(
  db: Database,
  token: string,
  now = serverClock(),
  choice?: RefundChoice,
): Promise<Cancellation> {
  return withRegistrationByToken(
    db,
    token,
    (command, row, ride) => cancelLocked(command, row, ride, { actor: RIDER_ACTOR, erase: false, choice }),
    now,
  );
}

/**
 * The rider chooses how their money comes back: a booking the organisers cancelled, or a live
 * booking on a ride they cancelled (cancelled now, nothing kept). Nothing owed back: nothing changes.
 */
export function chooseRefundByToken(db: Database, token: string, choice: RefundChoice, now = serverClock()) {
  return withRegistrationByToken(
    db,
    token,
    (command, row, ride) => {
      if (row.status !== "cancelled" && ride?.status !== "cancelled") refuse(NOT_CANCELLED, "choice");
      return cancelLocked(command, row, ride, { actor: RIDER_ACTOR, erase: false, choice });
    },
    now,
  );
}

export const NOT_CANCELLED = "Cancel the booking first: the quote shows what comes back";

/**
 * The rider erases their registration through the private link: it is cancelled (promoting
 * from the waitlist) and its personal data is gone; the link stops working.
 */
export function eraseByToken(db: Database, token: string, now = serverClock()): Promise<Cancellation> {
  return withRegistrationByToken(
    db,
    token,
    (command, row, ride) => cancelLocked(command, row, ride, { actor: RIDER_ACTOR, erase: true }),
    now,
  );
}

/**
 * Cancels a live booking and erases it, as eraseByToken does, for a command that holds its
 * ride's lock and read `row` under it: a rider erasing their account
 * (app/features/rider-accounts/server/account-erasure.server.ts).
 */
export function cancelAndEraseLocked(
  command: Command,
  row: Selectable<RegistrationsTable>,
  ride: Ride | null,
): Promise<Cancellation> {
  return cancelLocked(command, row, ride, { actor: RIDER_ACTOR, erase: true });
}

/**
 * An admin cancels a registration, keeping what the quote says or their `override` (with a
 * reason); the rider chooses how the rest comes back. The waitlisted riders who fit are
 * confirmed and mailed. Cancelling twice changes nothing.
 */
export function cancelRegistration(
  db: Database,
  id: string,
  change: AdminChange,
  override?: KeepOverride,
): Promise<Cancellation> {
  return withRegistrationById(
    db,
    id,
    (command, row, ride) => cancelLocked(command, row, ride, { actor: change.actor, erase: false, override }),
    change,
  );
}

/** An admin records a rider's choice for a cancelled booking, or a live one on a cancelled ride (cancelled, nothing kept). */
export function chooseRefundForRider(db: Database, id: string, choice: RefundChoice, change: AdminChange) {
  return withRegistrationById(
    db,
    id,
    (command, row, ride) => {
      if (row.status !== "cancelled" && ride?.status !== "cancelled") refuse(NOT_CANCELLED, "choice");
      return cancelLocked(command, row, ride, { actor: change.actor, erase: false, choice });
    },
    change,
  );
}
