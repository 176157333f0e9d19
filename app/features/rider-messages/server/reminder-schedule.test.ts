import { afterEach, expect, it, vi } from "vitest";
import { describeEachEngine } from "../../../../tests/support/databases";
import { rideInput } from "../../../../tests/support/fixtures";
import { registerRider, riderForm } from "../../../../tests/support/registration-fixtures";
import { attachDispatcher } from "~/server/commands/command.server";
import type { Database } from "~/server/db/schema.server";
import { createDispatcher } from "~/server/outbox/dispatcher.server";
import { setPublication } from "~/server/publishing/publication.server";
import { cancelByToken, eraseByToken } from "~/server/registrations/cancel.server";
import { setBalancePayment } from "~/server/registrations/admin-changes.server";
import { setRemindersByToken } from "~/server/registrations/rider-changes.server";
import { deliverRiderMessage, type Sender } from "./deliver.server";
import { changeRideStatus, createRide, rideSnapshot, updateRide } from "~/server/rides/rides.server";
import { updatesFor } from "./queries.server";
import { sendDueReminders } from "./reminder-schedule.server";

// A ride's reminders (docs/features/rider-messages.md#reminders): each rule written once when
// due, from the ride as it is then, to the riders it is for; again for new dates.

const REGISTERED = new Date("2027-01-10T10:00:00Z");
// The ride of rideInput starts on 2027-06-10: the week's reminder is due on 2027-06-03 at 09:00
// India time (03:30 UTC), the eve's on 2027-06-09; the ride starts at 2027-06-09T18:30Z.
const at = (iso: string) => ({ now: new Date(iso), origin: "https://roadbook.test" });

let n = 0;
/** Two seats: Asha and Bela confirmed, Chitra waitlisted. */
async function rideWithRiders(db: Database, registration: Record<string, unknown> = {}) {
  // Mail waits in the outbox: these tests read the riders' Updates lists.
  attachDispatcher(db, createDispatcher({ db, deliveries: {} }));
  const ride = await createRide(
    db,
    rideInput({
      title: `Zanskar ${++n}`,
      startingPlace: "Manali Mall Road",
      thingsToCarryMandatory: ["Riding boots"],
      registration: { mode: "site", seats: 2, waitlist: true, ...registration },
    }),
  );
  const base = (n += 10) * 10;
  const rider = (k: number, name: string) => registerRider(db, ride.id, riderForm(base + k, { name }), REGISTERED);
  return {
    ride,
    asha: await rider(1, "Asha Rao"),
    bela: await rider(2, "Bela Das"),
    chitra: await rider(3, "Chitra Sen"),
  };
}

const subjects = async (db: Database, registrationId: string) =>
  (await updatesFor(db, registrationId)).filter((update) => update.kind === "reminder").map((update) => update.subject);

afterEach(() => {
  vi.useRealTimers();
});

describeEachEngine("ride reminders", (getDb) => {
  it("are written when due, once each, the eve's to confirmed riders only, none once the ride started", async () => {
    const db = getDb();
    const { ride, asha, chitra } = await rideWithRiders(db);
    expect(await sendDueReminders(db, at("2027-06-03T03:29:59Z"))).toBe(0);
    expect(await sendDueReminders(db, at("2027-06-03T03:30:00Z"))).toBe(1);
    expect(await sendDueReminders(db, at("2027-06-03T04:30:00Z"))).toBe(0);
    expect(await sendDueReminders(db, at("2027-06-09T03:30:00Z"))).toBe(1);
    expect(await sendDueReminders(db, at("2027-06-09T18:30:00Z"))).toBe(0);

    expect(await subjects(db, asha.registration.id)).toEqual([
      `Tomorrow: ${ride.title}`,
      `One week to go: ${ride.title}`,
    ]);
    expect(await subjects(db, chitra.registration.id)).toEqual([`One week to go: ${ride.title}`]);
    const [eve] = await updatesFor(db, asha.registration.id);
    expect(eve!.body).toContain("Meeting point: Manali Mall Road");
    expect(eve!.body).toContain("Day 1: Shimla to Narkanda (65 km)");
  });

  it("are sent at the next run when their time passed with no server, and again for new dates", async () => {
    const db = getDb();
    const { ride, asha } = await rideWithRiders(db);
    // Both due by now: the week's was missed.
    expect(await sendDueReminders(db, at("2027-06-09T05:00:00Z"))).toBe(2);
    // Moved ten days later: the new dates' reminders are due at their new times.
    await updateRide(db, ride.id, { ...rideSnapshot(ride), startDate: "2027-06-20", endDate: "2027-06-28" });
    expect(await sendDueReminders(db, at("2027-06-12T03:00:00Z"))).toBe(0);
    expect(await sendDueReminders(db, at("2027-06-13T03:30:00Z"))).toBe(1);
    const [week] = await updatesFor(db, asha.registration.id);
    expect(week).toMatchObject({ subject: `One week to go: ${ride.title}` });
    expect(week!.body).toContain("starts on 20th - 28th June 2027");
    expect(week!.body).toContain("- Riding boots");
  });

  it("reach no rider who booked after the reminder's moment, even when it is sent late", async () => {
    const db = getDb();
    const { ride, asha } = await rideWithRiders(db);
    // The week's moment (3rd June) passed with no server; Dev booked on the 5th, three days before
    // the start of a ride with no rider until then.
    const dev = await registerRider(
      db,
      ride.id,
      riderForm(++n * 1000, { name: "Dev Iyer" }),
      new Date("2027-06-05T04:00:00Z"),
    );
    const late = await createRide(db, rideInput({ title: `Spiti ${++n}`, registration: { mode: "site", seats: 2 } }));
    const ela = await registerRider(
      db,
      late.id,
      riderForm(++n * 1000, { name: "Ela Roy" }),
      new Date("2027-06-05T04:00:00Z"),
    );
    expect(await sendDueReminders(db, at("2027-06-05T05:00:00Z"))).toBe(1);
    expect(await subjects(db, asha.registration.id)).toEqual([`One week to go: ${ride.title}`]);
    expect(await subjects(db, dev.registration.id)).toEqual([]);
    expect(await subjects(db, ela.registration.id)).toEqual([]);
    // The eve's moment comes after Ela booked: hers (Dev is on the waitlist, not for the eve's).
    expect(await sendDueReminders(db, at("2027-06-09T03:30:00Z"))).toBe(2);
    expect(await subjects(db, ela.registration.id)).toEqual([`Tomorrow: ${late.title}`]);
  });

  it("are not sent again at once when the dates move, or the ride is upcoming again, after their moment", async () => {
    const db = getDb();
    const { ride, asha } = await rideWithRiders(db);
    expect(await sendDueReminders(db, at("2027-06-03T03:30:00Z"))).toBe(1);
    // Moved a day later on the 5th: the new dates' week moment (the 4th) had passed.
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2027-06-05T06:00:00Z") });
    const moved = await updateRide(db, ride.id, {
      ...rideSnapshot(ride),
      startDate: "2027-06-11",
      endDate: "2027-06-19",
    });
    expect(await sendDueReminders(db, at("2027-06-05T06:01:00Z"))).toBe(0);
    // Cancelled, then upcoming again on the 10th: the eve's moment (the 10th, 03:30) had passed.
    await changeRideStatus(db, moved.id, "cancelled");
    vi.setSystemTime(new Date("2027-06-10T04:00:00Z"));
    await changeRideStatus(db, moved.id, "upcoming");
    expect(await sendDueReminders(db, at("2027-06-10T04:01:00Z"))).toBe(0);
    expect(await subjects(db, asha.registration.id)).toEqual([`One week to go: ${ride.title}`]);
  });

  it("skip cancelled and erased riders, and reach a rider who turned reminders off on their page only", async () => {
    const db = getDb();
    const { asha, bela, chitra } = await rideWithRiders(db);
    await setRemindersByToken(db, asha.token, false);
    await cancelByToken(db, bela.token);
    await eraseByToken(db, chitra.token);
    expect(await sendDueReminders(db, at("2027-06-03T03:30:00Z"))).toBe(1);
    const deliveries = await db
      .selectFrom("message_deliveries as d")
      .innerJoin("ride_messages as m", "m.id", "d.message_id")
      .select(["d.registration_id", "d.channel"])
      .where("m.kind", "=", "reminder")
      .execute();
    // Bela's seat went to Chitra, whose data was then erased: Asha alone, on her page.
    expect(deliveries).toEqual([{ registration_id: asha.registration.id, channel: "page" }]);
  });

  it("are not sent for a draft, a ride with reminders off, or a ride with no rider", async () => {
    const db = getDb();
    const unpublished = await rideWithRiders(db);
    await setPublication(db, "rides", unpublished.ride.id, null);
    await rideWithRiders(db, { reminders: { week: { on: false }, eve: { on: false } } });
    await createRide(db, rideInput({ registration: { mode: "site", seats: 2 } }));
    expect(await sendDueReminders(db, at("2027-06-09T05:00:00Z"))).toBe(0);
    expect(await db.selectFrom("ride_messages").select("id").where("kind", "=", "reminder").execute()).toEqual([]);
  });

  it("are written once when two runs (two instances) go at the same time", async () => {
    const db = getDb();
    const { asha } = await rideWithRiders(db);
    const runs = await Promise.all([
      sendDueReminders(db, at("2027-06-03T03:30:00Z")),
      sendDueReminders(db, at("2027-06-03T03:30:01Z")),
    ]);
    expect(runs[0]! + runs[1]!).toBe(1);
    expect(await subjects(db, asha.registration.id)).toHaveLength(1);
  });
});

describeEachEngine("a reminder's copies", (getDb) => {
  it("tell each rider who still owes the balance how much, by when and how to pay; not a rider who paid it", async () => {
    const db = getDb();
    const { asha, bela } = await rideWithRiders(db);
    await setBalancePayment(db, bela.registration.id, "paid", { actor: { id: null, email: "admin@example.com" } });
    await sendDueReminders(db, at("2027-06-03T03:30:00Z"));
    const copies = new Map<string, string>();
    const capture: Sender = async ({ to, text }) => {
      copies.set(to.registrationId, text);
      return { status: "sent" };
    };
    // The riders gave no email: their copies are written as the outbox writes an email copy.
    const deliveries = await db
      .selectFrom("message_deliveries")
      .select("id")
      .where("channel", "=", "whatsapp")
      .execute();
    for (const { id } of deliveries)
      await deliverRiderMessage(db, { whatsapp: capture }, id, () => new Date("2027-06-03T03:31:00Z"));
    expect(copies.get(asha.registration.id)).toMatch(/Your balance of ₹[\d,]+ is due by \d+\w\w \w+ 2027\./);
    expect(copies.get(bela.registration.id)).toBeDefined();
    expect(copies.get(bela.registration.id)).not.toContain("balance");
  });
});
