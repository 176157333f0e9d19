import type { Selectable } from "kysely";
import type { AppServices } from "~/context";
import type { Command } from "../commands/command.server";
import type { Database, RidesTable } from "../db/schema.server";
import type { Env } from "../env.server";
import type { Mail, Mailer } from "../mail/mailer.server";
import type { Deliveries } from "../outbox/dispatcher.server";
import type { PeriodicJob } from "../periodic-job.server";
import type { ObjectStorage } from "../storage/storage.server";
import type { RouterContextProvider } from "react-router";
import type { BookingSection } from "./booking-section.server";
import type { RidersCsvPart, RidersPagePart } from "./riders-page.server";
import type { RegisterSection } from "./register-section.server";

// How an add-on feature (app/features/<name>) hooks into the core (decision 050): the core offers
// these registries and never names a feature; app/features/index.server.ts lists the features'
// descriptors, app/features/in-commands.server.ts what they add inside the core's own commands.

/** What a feature's outbox deliveries are built with (outbox/deliveries.server.ts). */
export type OutboxServices = {
  db: Database;
  mailer: Mailer;
  /** The uploads' storage; absent on a server started without it (a script, a test). */
  storage?: ObjectStorage;
  /** Web Push's keys; without them no push delivery is written, and one left over is skipped. */
  push?: Env["push"];
  now: () => Date;
  /** PUBLIC_URL: the riders' links in messages the site writes itself. */
  origin: string | null;
  /** The ways the core sends a mail (outbox/mail-sends.server.ts), for the features' mail kinds. */
  mail: MailSends;
};

/** Sending one outbox entry's mail, its id as the Message-ID (outbox/mail-sends.server.ts). */
export type MailSends = {
  /** A mail to a rider, with the Reply-To the organisers read, as it is now (or none). */
  toRider(mail: Mail, entry: { id: string }): Promise<void>;
  /** A mail written as it was enqueued (its address is in the entry, emptied once sent); nothing with mail off. */
  written(message: { mail: Mail }, entry: { id: string }): Promise<void>;
  /** A rider's mail written as it was enqueued; nothing with mail off. */
  writtenToRider(message: { mail: Mail }, entry: { id: string }): Promise<void>;
};

/** What a feature's jobs are started with, once the database, storage, mail and outbox are up. */
export type FeatureServices = AppServices & {
  /** PUBLIC_URL: the riders' links in what the jobs write. */
  origin: string | null;
};

/**
 * One add-on feature as the server sees it: one per feature, in its server/feature.server.ts.
 * Every part is optional: a feature declares what it has.
 */
export type FeatureServer = {
  /** Its folder under app/features. */
  name: string;
  /** How this server delivers the feature's outbox kinds; merged with the core's, one delivery per kind. */
  deliveries?: (services: OutboxServices) => Deliveries;
  /** What it runs while the server runs (a poll, a daily sweep): started at start-up, stopped before the database closes. */
  start?: (services: FeatureServices) => PeriodicJob;
  /** Its part of the rider's private booking page (routes/public/booking.tsx). */
  bookingPage?: BookingSection;
  /** Its part of a ride's Riders and check-in pages: rows' facts, a section, intents (server/admin/riders-page.server.ts). */
  ridersPage?: RidersPagePart;
  /** Its columns in the riders' CSV (server/registrations/csv.server.ts). */
  ridersCsv?: RidersCsvPart;
  /** Its part of a ride's registration page (routes/public/ride-register.tsx). */
  registerPage?: RegisterSection;
  /** The signed-in rider of a request, or null: a booking made now may join their account (decision 042). */
  signedIn?: (request: Request, context: Readonly<RouterContextProvider>) => Promise<{ id: string } | null>;
};

/**
 * What goes with the registrations a command erased (registrations/erasure.server.ts
 * eraseWhatFollows): run in the command, after the registrations' own columns are emptied.
 */
export type ErasureStep = (command: Command) => Promise<void>;

/**
 * What follows a write to bookings' ledgers (commands/command.server.ts runCommand): run in the
 * command, once its work is done and before it commits, with the bookings it wrote (a payment's
 * receipt is issued with the payment, never afterwards).
 */
export type LedgerHook = (command: Command, registrationIds: readonly string[]) => Promise<void>;

/**
 * The name of each of a feature's outbox kinds in the admins' list of failed deliveries
 * (outbox/messages.server.ts labelOf): the kind and a booking reference at most.
 */
export type OutboxLabels<Message extends { kind: string }> = {
  [Kind in Message["kind"]]: (message: Extract<Message, { kind: Kind }>, reference: string) => string;
};

/**
 * What a feature does when an admin edits a ride (rides/rides.server.ts, ride-routes/ride-routes.server.ts):
 * run in the edit's command, so it is written with the edit or not at all.
 */
export type RideEdits = {
  /** A write of the ride's row, with the row before and after (a save, a status change). */
  rideWritten(command: Command, before: Selectable<RidesTable>, after: Selectable<RidesTable>): Promise<void>;
  /** The route's meeting point renamed. */
  meetingPointRenamed(command: Command, rideId: string, name: { before: string; after: string }): Promise<void>;
};
