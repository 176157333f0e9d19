import type { Selectable } from "kysely";
import type { AuditActor } from "~/domain/audit";
import type { RegistrationInput } from "~/domain/registration/input";
import type { Ride } from "~/domain/ride";
import type { Command } from "../commands/command.server";
import type { Executor, RegistrationsTable } from "../db/schema.server";

// What a feature writes with a booking in the core's own registration commands (decision 050):
// register, cancel, the waitlist's promotions and a renewed link. Each hook runs inside the
// command, at its step, in the features' order (app/features/in-commands.server.ts): the booking,
// its audit rows and outbox entries and what the features write with it commit together, or not at all.

type Row = Selectable<RegistrationsTable>;

/** News about a rider's own booking (registered, seat confirmed, cancelled), beside the booking mails. */
export type BookingNews = { rideId: string; registrationId: string; subject: string; body: string };

/** A feature's verdict on a rider's form: the columns the booking keeps of it, or its messages by field. */
export type FormCheck = { ok: true; columns: Partial<Row> } | { ok: false; errors: Record<string, string> };

export type RegistrationHooks = {
  /**
   * A rider's form (a registration, a seat handed on) once its fields are valid, under the
   * ride's lock and before the attempt is counted.
   */
  checkForm?: (
    trx: Executor,
    form: { rideId: string; input: unknown; fields: RegistrationInput; now: Date },
  ) => Promise<FormCheck>;
  /**
   * Whether the signed-in rider's account takes a booking made with `email` (decision 042),
   * the account then locked for the rest of the command (after the ride: one order for every command).
   */
  takesBooking?: (trx: Executor, riderId: string, email: string) => Promise<boolean>;
  /** A booking just written, with the form it was made from (register): returns its row as it is now. */
  registered?: (
    command: Command,
    booking: { row: Row; ride: Ride; input: unknown; fields: RegistrationInput },
  ) => Promise<Row>;
  /**
   * A cancelled booking's money given back as credit, at the rider's choice (refunds.server.ts):
   * the credit the rider keeps for a future ride; `returnedPaise` of it is credit the booking
   * had spent. `failed`: an online refund the bank could not complete, given as credit instead
   * (refund-states.server.ts). The feature that has it says so (the booking page offers credit only then).
   */
  refundedInCredit?: (
    command: Command,
    refund: { row: Row; amountPaise: number; returnedPaise: number; actor: AuditActor; failed?: boolean },
  ) => Promise<void>;
  /** News about the booking, for its rider. */
  news?: (command: Command, news: BookingNews) => Promise<void>;
  /**
   * Its rider may be someone else now: the link renewed (registrations/booking-link.server.ts),
   * whoever holds it being the booking's rider, or its email changed through the link
   * (rider-changes.server.ts). `how` ends the trail's sentence ("with its renewed link"). The
   * booking's row as it is then.
   */
  holderChanged?: (command: Command, row: Row, how: string) => Promise<Row>;
};
