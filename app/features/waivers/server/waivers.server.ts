import { randomUUID } from "node:crypto";
import type { AuditActor } from "~/domain/audit";
import { SITE_WAIVER_SCOPE, waiverTextSchema, type WaiverVersion } from "~/features/waivers/domain/waiver";
import { runCommand, type Command } from "~/server/commands/command.server";
import type { Database, Executor, WaiversTable } from "~/server/db/schema.server";
import { withRowLock } from "~/server/db/row-lock.server";
import { lockRide } from "~/server/registrations/seats.server";
import { rideFromRow } from "~/server/rides/ride-rows.server";
import { writeRideMessage } from "~/features/rider-messages/server/write.server";
import { everyRiderOf } from "~/features/rider-messages/server/recipients.server";
import { NotFoundError } from "~/server/validation/errors.server";
import { parseOrThrow } from "~/server/validation/validate.server";
import { ridePagesChanged } from "~/server/rides/pages-changed.server";
import { currentWaiver, latestOf, versionFromRow } from "./current-waiver.server";

// Waivers (docs/features/waivers.md): each saved text is a new version, never changed after; a
// ride uses its own latest text, else the site's default. Saving a new text asks the riders of
// every ride it applies to to accept it again, in the same transaction.

/** Every version of a ride's waiver (or the site's, with 'site'), newest first. */
export async function waiverVersions(db: Executor, scope: string): Promise<WaiverVersion[]> {
  const rows = await db
    .selectFrom("waivers")
    .selectAll()
    .where("scope", "=", scope)
    .orderBy("version", "desc")
    .execute();
  return rows.map(versionFromRow);
}

/** One version by id: the text a rider accepted, as it was then. */
export async function waiverVersionById(db: Executor, id: string): Promise<WaiverVersion | null> {
  const row = await db.selectFrom("waivers").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? versionFromRow(row) : null;
}

/** The version number of each accepted waiver, by its id. */
export async function versionNumbers(db: Executor, ids: readonly (string | null)[]): Promise<Map<string, number>> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return new Map();
  const rows = await db.selectFrom("waivers").select(["id", "version"]).where("id", "in", wanted).execute();
  return new Map(rows.map((row) => [row.id, row.version]));
}

export type WaiverSaved = { version: WaiverVersion | null; changed: boolean; told: number };

export type SaveWaiverOptions = { actor: AuditActor; origin: string | null; now?: Date };

/** Every ride, locked: the site's default applies to any ride without its own text. */
async function lockAllRides(trx: Executor): Promise<void> {
  await withRowLock(trx, trx.selectFrom("rides").select("id").orderBy("id")).execute();
}

type AffectedRide = { id: string; title: string };

/** The upcoming rides with no text of their own: those the site's default applies to. */
async function ridesOnSiteDefault(trx: Executor): Promise<AffectedRide[]> {
  const rows = await trx.selectFrom("rides").selectAll().where("status", "=", "upcoming").orderBy("id").execute();
  const result: AffectedRide[] = [];
  for (const ride of rows.map(rideFromRow)) {
    const own = await latestOf(trx, ride.id);
    if (!own || own.text === "") result.push({ id: ride.id, title: ride.title });
  }
  return result;
}

/**
 * Tells a ride's live riders (waitlist included) that the waiver they accept changed: a
 * "change" message on their booking page and channels, as a change of the ride's plan is told.
 */
async function tellRiders(
  command: Command,
  ride: AffectedRide,
  version: WaiverVersion,
  { actor, origin }: SaveWaiverOptions,
): Promise<number> {
  const recipients = await everyRiderOf(command.trx, ride.id);
  if (recipients.length === 0) return 0;
  await writeRideMessage(
    command,
    {
      rideId: ride.id,
      kind: "change",
      subject: `The waiver of "${ride.title}" changed`,
      body: `The waiver for "${ride.title}" is now version ${version.version}. Open your booking page, read it and accept it by typing your full name before the ride.`,
      origin,
      sentBy: actor,
    },
    recipients,
  );
  return recipients.length;
}

/**
 * An admin saves a ride's waiver text (or the site's default, with 'site'): a new version, unless
 * the text is the latest version's already. One command, under the ride's lock (all rides' for
 * the default) that registrations take too, so a registration either accepted the version before
 * or sees this one: the version, its audit row, the ride's pages told (the registration form
 * shows the text), and a message to the riders who must accept it now.
 */
export async function saveWaiver(
  db: Database,
  scope: string,
  input: unknown,
  options: SaveWaiverOptions,
): Promise<WaiverSaved> {
  const { text } = parseOrThrow(waiverTextSchema, input);
  return runCommand(
    db,
    async (command): Promise<WaiverSaved> => {
      const { trx, now } = command;
      const site = scope === SITE_WAIVER_SCOPE;
      if (site) await lockAllRides(trx);
      const ride = site ? null : await lockRide(trx, scope);
      if (!site && !ride) throw new NotFoundError("Ride not found");
      const latest = await latestOf(trx, scope);
      if ((latest?.text ?? "") === text) return { version: latest, changed: false, told: 0 };
      const affected = ride ? [{ id: ride.id, title: ride.title }] : await ridesOnSiteDefault(trx);
      const before = new Map<string, string | null>();
      for (const { id } of affected) before.set(id, (await currentWaiver(trx, id))?.id ?? null);
      const row: WaiversTable = {
        id: randomUUID(),
        scope,
        version: (latest?.version ?? 0) + 1,
        text,
        created_at: now.toISOString(),
        created_by: options.actor.email,
      };
      await trx.insertInto("waivers").values(row).execute();
      const version = versionFromRow(row);
      const what = ride ? `the waiver of "${ride.title}"` : "the site's default waiver";
      await command.audit(options.actor, {
        action: "saved",
        collection: "waivers",
        recordId: ride?.id ?? null,
        summary: text === "" ? `Removed ${what}` : `Saved version ${version.version} of ${what}`,
      });
      let told = 0;
      for (const affectedRide of affected) {
        await command.enqueue(ridePagesChanged(affectedRide.id));
        const current = await currentWaiver(trx, affectedRide.id);
        if (current && current.id !== before.get(affectedRide.id))
          told += await tellRiders(command, affectedRide, current, options);
      }
      return { version, changed: true, told };
    },
    options.now,
  );
}
