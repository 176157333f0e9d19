import { parse } from "csv-parse/sync";
import { bookingPart } from "../../../tests/support/dues";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { expect, it } from "vitest";
import { type AppServices, servicesContext } from "~/context";
import { loader as csvLoader } from "~/routes/admin/ride-riders-csv";
import { adminContext } from "../auth/admin-session.server";
import { describeEachEngine } from "../../../tests/support/databases";
import { siteRide } from "../../../tests/support/fixtures";
import { riderForm, registerRider } from "../../../tests/support/registration-fixtures";
import type { Database } from "../db/schema.server";
import { readEnv } from "../env.server";
import { listRecentActivity } from "../audit/audit.server";
import { getRegistration, registrationCounts, getRegistrationByToken } from "../registrations/queries.server";
import { listRevisions } from "../publishing/revisions.server";
import { getRide, setRideStatus } from "../rides/rides.server";
import { getStats } from "../content/stats.server";
import { registrationAction, UNKNOWN_REGISTRATION_ACTION } from "./registration-actions.server";
import { RIDER_NOT_FOUND } from "./rider-operations.server";
import { INVALID_REQUEST } from "./respond.server";

// The Riders and check-in pages' action on both engines: each change is made, audited under
// the booking reference only, and refused with a message (writing nothing) for a rider of
// another ride, a forged id or a broken rule. Then the CSV export of what they leave.

const actor = { id: "admin-1", email: "admin@roadbook.test" };

/** Solo and pillion, as the Riders page's tests register them. */
const options = { solo: { offered: true }, pillion: { offered: true }, rental: { offered: false } };

async function rows(db: Database) {
  return db.selectFrom("registrations").selectAll().orderBy("id").execute();
}

describeEachEngine("registrationAction", (getDb) => {
  const run = async (rideId: string, body: unknown) => {
    const services = { db: getDb(), env: readEnv({}), logger: pino({ level: "silent" }) } as AppServices;
    const request = new Request("http://localhost/admin/rides/x/riders", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const result = await registrationAction(request, { services, actor }, rideId);
    return { status: result.init?.status ?? 200, ...result.data };
  };

  it("marks a booking paid and due again, auditing the reference and no personal data", async () => {
    const ride = await siteRide(getDb(), { seats: 2, options });
    const { registration } = await registerRider(getDb(), ride.id, riderForm(1, { email: "asha@example.com" }));

    const paid = await run(ride.id, { intent: "payment", id: registration.id, payment: "paid" });

    expect(paid).toMatchObject({
      status: 200,
      ok: true,
      message: `${registration.reference} marked as paid successfully`,
    });
    expect((await bookingPart(getDb(), registration.id)).payment).toBe("paid");
    const [entry] = await listRecentActivity(getDb());
    expect(entry).toMatchObject({
      actorEmail: actor.email,
      collection: "registrations",
      recordId: registration.id,
      summary: `Marked booking ${registration.reference} on "Spiti Valley Circuit" as paid`,
    });
    expect(entry?.summary).not.toMatch(/Rider 1|9800000001|asha/);

    await run(ride.id, { intent: "payment", id: registration.id, payment: "due" });
    expect((await bookingPart(getDb(), registration.id)).payment).toBe("due");
  });

  it("gives a rider a fresh link to send by WhatsApp: the old link stops working, a cancelled rider gets none", async () => {
    const ride = await siteRide(getDb(), { seats: 2, options });
    const { registration, token } = await registerRider(getDb(), ride.id, riderForm(1, { name: "Asha Rao" }));

    const answer = await run(ride.id, { intent: "whatsapp-link", id: registration.id });

    expect(answer).toMatchObject({
      status: 200,
      ok: true,
      message: "New link for Asha Rao ready: send it on WhatsApp",
    });
    const url = new URL("whatsapp" in answer ? String(answer.whatsapp) : "");
    expect(`${url.origin}${url.pathname}`).toBe("https://wa.me/919800000001");
    const fresh = /\/booking\/([\w-]{43})/.exec(url.searchParams.get("text") ?? "")![1]!;
    expect(await getRegistrationByToken(getDb(), token)).toBeNull();
    expect((await getRegistrationByToken(getDb(), fresh))?.id).toBe(registration.id);
    const [entry] = await listRecentActivity(getDb());
    expect(entry).toMatchObject({ actorEmail: actor.email, recordId: registration.id });
    expect(entry?.summary).not.toMatch(/Asha|9800000001|booking\//);

    await run(ride.id, { intent: "cancel", id: registration.id });
    expect(await run(ride.id, { intent: "whatsapp-link", id: registration.id })).toMatchObject({
      status: 400,
      ok: false,
      message: `Cannot change ${registration.reference}: A cancelled or erased registration has no link to send`,
    });
    expect(await getRegistrationByToken(getDb(), fresh)).not.toBeNull();
  });

  it("refuses a rider of another ride, a forged id, an unknown ride or intent, writing nothing", async () => {
    const ride = await siteRide(getDb(), { seats: 2, options });
    const other = await siteRide(getDb(), { seats: 2, options }, { title: "Ladakh" });
    const { registration } = await registerRider(getDb(), other.id, riderForm(1));
    const before = await rows(getDb());

    for (const body of [
      { intent: "payment", id: registration.id, payment: "paid" },
      { intent: "cancel", id: "00000000-0000-4000-8000-000000000000" },
      { intent: "check-in", id: "'; drop table registrations; --", checkedIn: true },
      { intent: "confirm", id: 42 },
    ]) {
      expect(await run(ride.id, body)).toMatchObject({ status: 404, ok: false, message: RIDER_NOT_FOUND });
    }
    expect(await run("no-such-ride", { intent: "cancel", id: registration.id })).toMatchObject({ status: 404 });
    expect(await run(other.id, { intent: "payment", id: registration.id, payment: "refunded" })).toMatchObject({
      status: 400,
      message: `Cannot change ${registration.reference}: Payment must be due or paid`,
    });
    expect(await run(other.id, { intent: "drop" })).toMatchObject({
      status: 400,
      message: UNKNOWN_REGISTRATION_ACTION,
    });
    expect(await run(other.id, [1])).toMatchObject({ status: 400, message: INVALID_REQUEST });
    expect(await rows(getDb())).toEqual(before);
    // Only the rider's own registration is in the trail: no admin change was.
    expect((await listRecentActivity(getDb())).map((entry) => entry.actorEmail)).toEqual(["a rider"]);
  });

  it("cancels a confirmed rider and says who was confirmed from the waitlist", async () => {
    const ride = await siteRide(getDb(), { seats: 1, options });
    const first = (await registerRider(getDb(), ride.id, riderForm(1))).registration;
    const waiting = (await registerRider(getDb(), ride.id, riderForm(2))).registration;
    expect(waiting.status).toBe("waitlisted");

    const result = await run(ride.id, { intent: "cancel", id: first.id });

    expect(result).toMatchObject({
      status: 200,
      message: `Rider 1 cancelled successfully; confirmed from the waitlist: Rider 2 (${waiting.reference})`,
    });
    expect((await getRegistration(getDb(), waiting.id))?.status).toBe("confirmed");
    const summaries = (await listRecentActivity(getDb())).map((entry) => entry.summary);
    expect(summaries).toEqual(
      expect.arrayContaining([
        `Cancelled booking ${first.reference} on "Spiti Valley Circuit"`,
        `${waiting.reference} confirmed from the waitlist of "Spiti Valley Circuit": booking ${first.reference} was cancelled`,
      ]),
    );
  });

  it("confirms from the waitlist only when the seats are free, saying why not", async () => {
    const ride = await siteRide(getDb(), { seats: 1, options });
    await registerRider(getDb(), ride.id, riderForm(1));
    const waiting = (await registerRider(getDb(), ride.id, riderForm(2))).registration;

    const refused = await run(ride.id, { intent: "confirm", id: waiting.id });

    expect(refused).toMatchObject({ status: 400, ok: false });
    expect(refused.message).toMatch(/^Cannot change RB-\w{4}: Not enough seats: 0 left/);
    expect((await getRegistration(getDb(), waiting.id))?.status).toBe("waitlisted");
  });

  it("checks riders in and sets the ride's participants to their count, with the statistics", async () => {
    const ride = await siteRide(getDb(), { seats: 3, options });
    const riders = [];
    for (const n of [1, 2, 3]) riders.push((await registerRider(getDb(), ride.id, riderForm(n))).registration);
    // Flag-off is past: the statistics count the participants of completed rides.
    await setRideStatus(getDb(), ride.id, "completed");
    for (const rider of riders) await run(ride.id, { intent: "check-in", id: rider.id, checkedIn: true });
    expect(await run(ride.id, { intent: "check-in", id: riders[2]!.id, checkedIn: false })).toMatchObject({
      message: "Check-in of Rider 3 undone",
    });
    expect(await run(ride.id, { intent: "check-in", id: riders[0]!.id, checkedIn: "yes" })).toMatchObject({
      status: 400,
    });
    expect((await registrationCounts(getDb(), [ride.id])).get(ride.id)?.checkedIn).toBe(2);

    const result = await run(ride.id, { intent: "participants" });

    expect(result).toMatchObject({ status: 200, message: "Participants set to 2 successfully" });
    expect((await getRide(getDb(), ride.id))?.participants).toBe(2);
    expect((await getStats(getDb())).happyRiders).toBe(2);
    expect((await listRecentActivity(getDb()))[0]).toMatchObject({
      collection: "rides",
      summary: 'Set the participants of "Spiti Valley Circuit" to 2 (riders checked in)',
    });
    // The ride's history names the admin who set them, as the activity does.
    const [revision] = await listRevisions(getDb(), "rides", ride.id);
    expect([revision?.action, revision?.actorEmail, revision?.data.participants]).toEqual(["updated", actor.email, 2]);
  });

  it("exports the riders as CSV: a BOM, an attachment never stored, every rider a row, formulas neutralised, audited", async () => {
    const ride = await siteRide(getDb(), { seats: 2, options });
    await registerRider(getDb(), ride.id, riderForm(1, { name: "Ānanya Ré", email: "ananya@example.com" }));
    await registerRider(
      getDb(),
      ride.id,
      riderForm(2, { name: '=HYPERLINK("http://evil")', option: "pillion", pillionName: "Kiran" }),
    );
    const context = new RouterContextProvider();
    context.set(servicesContext, { db: getDb(), env: readEnv({}), logger: pino({ level: "silent" }) } as AppServices);
    context.set(adminContext, { ...actor, displayName: "", role: "owner", createdAt: "", lastLoginAt: null });
    const load = (rideId: string) => {
      const url = new URL(`http://localhost/admin/rides/${rideId}/riders.csv`);
      const request = new Request(url);
      return csvLoader({ context, params: { rideId }, request, url, pattern: "/admin/rides/:rideId/riders.csv" });
    };

    const response = await load(ride.id);

    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toBe(
      'attachment; filename="riders-spiti-valley-circuit-2027-06-10.csv"',
    );
    expect(response.headers.get("cache-control")).toBe("no-store");
    const csv = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(csv.startsWith("\uFEFF")).toBe(true);
    const records = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    expect(records).toHaveLength(2);
    expect(records[0]).toMatchObject({ Name: "Ānanya Ré", Mobile: "'+919800000001", Status: "confirmed" });
    expect(records[1]).toMatchObject({ Name: `'=HYPERLINK("http://evil")`, Status: "waitlisted", Pillion: "Kiran" });
    expect((await listRecentActivity(getDb()))[0]).toMatchObject({
      action: "exported",
      summary: 'Exported the riders of "Spiti Valley Circuit" (2) as CSV',
    });
    expect((await load("no-such-ride")).status).toBe(404);
  });
});
