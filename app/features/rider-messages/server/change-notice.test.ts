import pino from "pino";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { describeEachEngine } from "../../../../tests/support/databases";
import { rideInput } from "../../../../tests/support/fixtures";
import { buildGpx, threeDayRide } from "../../../../tests/support/gpx";
import { registerRider, riderForm } from "../../../../tests/support/registration-fixtures";
import { attachDispatcher } from "~/server/commands/command.server";
import type { Database } from "~/server/db/schema.server";
import { createDispatcher, type Dispatcher } from "~/server/outbox/dispatcher.server";
import { setPublication } from "~/server/publishing/publication.server";
import { saveRideRoute, setMeetingPoint } from "~/server/ride-routes/ride-routes.server";
import { createRide, rideSnapshot, setRideStatus, updateRide } from "~/server/rides/rides.server";
import { createDiskStorage } from "~/server/storage/disk-storage.server";
import { deliverChangeNotice } from "./change-notice.server";
import { DEFAULT_CHANGE_NOTICE_DELAY_MS } from "./change-notice-queue.server";
import { updatesFor } from "./queries.server";
import { deliverRiderMessage, type Sender } from "./deliver.server";
import { mailFreshLinks } from "~/server/registrations/booking-link.server";
import { setBookingLinkSecret } from "~/server/registrations/link-seal.server";

// Change notices (docs/features/rider-messages.md#change-notices): a burst of edits of a
// published ride with riders is told once, after the delay, as before → after.

const REGISTERED = new Date("2027-01-10T10:00:00Z");
const uploads = mkdtempSync(path.join(tmpdir(), "roadbook-notices-"));
afterAll(() => rmSync(uploads, { recursive: true, force: true }));
const MINUTE = 60_000;

/** The outbox as a server delivers change notices, by a clock `ahead` of the real one. */
function noticesDelivered(
  db: Database,
  origin: string | null = null,
): { dispatcher: Dispatcher; skip(ms: number): void } {
  let ahead = 0;
  const now = () => new Date(Date.now() + ahead);
  const dispatcher = createDispatcher({
    db,
    now,
    deliveries: { "change-notice": (notice) => deliverChangeNotice(db, notice, { now: now(), origin }) },
  });
  attachDispatcher(db, dispatcher);
  return { dispatcher, skip: (ms) => (ahead += ms) };
}

let n = 0;
/** One seat: Asha confirmed, Bela waitlisted. */
async function rideWithRiders(db: Database, overrides: Record<string, unknown> = {}) {
  const ride = await createRide(
    db,
    rideInput({
      title: `Zanskar ${++n}`,
      startingPlace: "Manali Mall Road",
      registration: { mode: "site", seats: 1 },
      ...overrides,
    }),
  );
  const base = (n += 10) * 10;
  const rider = (k: number, name: string) => registerRider(db, ride.id, riderForm(base + k, { name }), REGISTERED);
  return { ride, asha: await rider(1, "Asha Rao"), bela: await rider(2, "Bela Das") };
}

const changes = async (db: Database, registrationId: string) =>
  (await updatesFor(db, registrationId)).filter((update) => update.kind === "change");

const pendingNotices = (db: Database) =>
  db
    .selectFrom("outbox")
    .select("due_at")
    .where("kind", "=", "change-notice")
    .where("delivered_at", "is", null)
    .execute();

describeEachEngine("change notices", (getDb) => {
  it("tell a burst of edits once, after the delay, before → after, to the waitlist too", async () => {
    const db = getDb();
    const outbox = noticesDelivered(db);
    const { ride, asha, bela } = await rideWithRiders(db);
    let current = await updateRide(db, ride.id, {
      ...rideSnapshot(ride),
      startDate: "2027-06-11",
      endDate: "2027-06-19",
    });
    current = await updateRide(db, ride.id, { ...rideSnapshot(current), startingPlace: "Hadimba Temple gate" });
    const itinerary = [{ ...current.itinerary[0]!, title: "Shimla to Sarahan" }];
    await updateRide(db, ride.id, { ...rideSnapshot(current), itinerary });
    expect(await pendingNotices(db)).toHaveLength(1);

    outbox.skip(DEFAULT_CHANGE_NOTICE_DELAY_MS - MINUTE);
    await outbox.dispatcher.deliverDue();
    expect(await changes(db, asha.registration.id)).toEqual([]);

    outbox.skip(2 * MINUTE);
    expect(await outbox.dispatcher.deliverDue()).toBe(1);
    for (const registration of [asha.registration, bela.registration]) {
      const [notice, ...more] = await changes(db, registration.id);
      expect(more).toEqual([]);
      expect(notice!.subject).toBe(`Ride updated: ${ride.title}`);
      expect(notice!.body).toContain("Dates: 10th - 18th June 2027 → 11th - 19th June 2027");
      expect(notice!.body).toContain("Meeting point: Manali Mall Road → Hadimba Temple gate");
      expect(notice!.body).toContain("Day 1: Shimla to Narkanda → Shimla to Sarahan");
    }
  });

  it("tell nothing when the edits cancelled out, or changed nothing riders are told about", async () => {
    const db = getDb();
    const outbox = noticesDelivered(db);
    const { ride, asha } = await rideWithRiders(db);
    await updateRide(db, ride.id, { ...rideSnapshot(ride), title: `${ride.title} (new title)` });
    expect(await pendingNotices(db)).toEqual([]);
    const moved = await updateRide(db, ride.id, { ...rideSnapshot(ride), startDate: "2027-06-12" });
    await updateRide(db, ride.id, { ...rideSnapshot(moved), startDate: ride.startDate });
    outbox.skip(DEFAULT_CHANGE_NOTICE_DELAY_MS + MINUTE);
    expect(await outbox.dispatcher.deliverDue()).toBe(1);
    expect(await changes(db, asha.registration.id)).toEqual([]);
    expect(await pendingNotices(db)).toEqual([]);
  });

  it("tell every rider, waitlist included, that the ride is cancelled", async () => {
    const db = getDb();
    const outbox = noticesDelivered(db);
    const { ride, asha, bela } = await rideWithRiders(db);
    await setRideStatus(db, ride.id, "cancelled");
    outbox.skip(DEFAULT_CHANGE_NOTICE_DELAY_MS + MINUTE);
    await outbox.dispatcher.deliverDue();
    for (const registration of [asha.registration, bela.registration]) {
      expect((await changes(db, registration.id)).map((notice) => notice.subject)).toEqual([
        `Ride cancelled: ${ride.title}`,
      ]);
    }
  });

  it("give each rider of a cancelled ride their own link, not Find my booking, which finds upcoming rides only", async () => {
    const db = getDb();
    setBookingLinkSecret("a test secret of enough length for the seal", pino({ level: "silent" }));
    const outbox = noticesDelivered(db, "https://roadbook.test");
    const { ride, asha } = await rideWithRiders(db);
    await setRideStatus(db, ride.id, "cancelled");
    outbox.skip(DEFAULT_CHANGE_NOTICE_DELAY_MS + MINUTE);
    await outbox.dispatcher.deliverDue();
    // Asha gave no email: her copy is written as the outbox writes an email copy.
    const [delivery] = await db
      .selectFrom("message_deliveries")
      .select("id")
      .where("registration_id", "=", asha.registration.id)
      .where("channel", "=", "whatsapp")
      .execute();
    let text = "";
    const capture: Sender = async (copy) => {
      text = copy.text;
      return { status: "sent" };
    };
    await deliverRiderMessage(db, { whatsapp: capture }, delivery!.id, () => new Date());
    expect(text).toContain(`Your booking: https://roadbook.test/booking/${asha.token}`);
    expect(text).not.toContain("Find your booking");
    expect(text).toContain("Keep this message");
    // Find my booking would indeed find nothing for her.
    expect(
      await mailFreshLinks(
        db,
        { mobile: asha.registration.phone, email: asha.registration.email },
        { origin: "https://roadbook.test" },
      ),
    ).toBe(0);
  });

  it("tell a meeting point named on the ride's route", async () => {
    const db = getDb();
    const outbox = noticesDelivered(db);
    const { ride, asha } = await rideWithRiders(db, { startDate: "2027-06-10", endDate: "2027-06-12" });
    const storage = createDiskStorage(uploads);
    const gpx = new TextEncoder().encode(buildGpx(threeDayRide(60)));
    await saveRideRoute({ db, storage }, ride.id, { data: gpx, fileName: "zanskar.gpx" });
    expect(await pendingNotices(db)).toEqual([]);
    await setMeetingPoint(db, ride.id, { name: "Hadimba Temple gate", latitude: "", longitude: "" });
    outbox.skip(DEFAULT_CHANGE_NOTICE_DELAY_MS + MINUTE);
    await outbox.dispatcher.deliverDue();
    const [notice] = await changes(db, asha.registration.id);
    expect(notice!.body).toContain("Meeting point: Manali Mall Road → Hadimba Temple gate");
  });

  it("are not queued for an unpublished ride or a ride without riders", async () => {
    const db = getDb();
    noticesDelivered(db);
    const { ride } = await rideWithRiders(db);
    await setPublication(db, "rides", ride.id, null);
    await updateRide(db, ride.id, { ...rideSnapshot(ride), startDate: "2027-06-12" });
    const empty = await createRide(db, rideInput({ registration: { mode: "site", seats: 2 } }));
    await setRideStatus(db, empty.id, "cancelled");
    expect(await pendingNotices(db)).toEqual([]);
  });
});
