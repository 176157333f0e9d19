import type { AdminRole } from "~/domain/roles";
import type { Ride } from "~/domain/ride";
import type { AdminActionContext, failed, succeeded } from "../admin/respond.server";
import type { Executor } from "../db/schema.server";
import type { Registration } from "../registrations/rows.server";

/** What a part reads its facts for: the ride, the registrations the page shows, and the admin's role. */
export type RidersPageRead = { ride: Ride; registrations: readonly Registration[]; role: string };

/** One of a feature's intents on the Riders and check-in pages' action ({ intent, … }). */
export type RidersPageIntent = {
  /**
   * The weakest role that may run it, on a page that says the admin's role (the Riders page);
   * elsewhere refused. Absent: whoever may post to the page.
   */
  role?: AdminRole;
  run(
    context: AdminActionContext,
    rideId: string,
    body: Record<string, unknown>,
  ): Promise<ReturnType<typeof succeeded<object>> | ReturnType<typeof failed>>;
};

/**
 * A feature's part of a ride's Riders and check-in pages (server/admin/riders-page.server.ts,
 * registration-actions.server.ts): each part optional.
 */
export type RidersPagePart<Facts extends object = object, Section extends object = object> = {
  /** Its facts on each rider's row (a waiver, a pending credit), read once for the rows shown. */
  facts?: (db: Executor, page: RidersPageRead) => Promise<(registration: Registration) => Facts>;
  /** Its section of the Riders page (not the check-in page): the data merged into the page's, and none's. */
  section?: { load(db: Executor, ride: Ride): Promise<Section>; none: Section };
  /** Its intents on the pages' action, by name. */
  intents?: Readonly<Record<string, RidersPageIntent>>;
};

/**
 * A feature's columns in the riders' CSV (server/registrations/csv.server.ts), after the
 * balance's: its headers, and each registration's cells, read once for the rows exported.
 */
export type RidersCsvPart = {
  headers: readonly string[];
  cells(
    db: Executor,
    registrations: readonly Registration[],
  ): Promise<(registration: Registration) => (string | number)[]>;
};
