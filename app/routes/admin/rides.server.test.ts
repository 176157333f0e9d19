import pino from "pino";
import { expect, it } from "vitest";
import type { AppServices } from "~/context";
import { INVALID_RIDE_ID, RIDE_MESSAGES } from "~/domain/messages";
import { describeEachEngine } from "../../../tests/support/databases";
import { riderForm, registerRider } from "../../../tests/support/registration-fixtures";
import { readEnv } from "~/server/env.server";
import { createMailer } from "~/server/mail/mailer.server";
import { getRegistrationByToken } from "~/server/registrations/queries.server";
import { listRecentActivity } from "~/server/audit/audit.server";
import { createRide, getRide, listRidesByStatus } from "~/server/rides/rides.server";
import { INVALID_REQUEST } from "~/server/admin/respond.server";
import { RIDE_CONFLICT_MESSAGE, rideAction } from "./rides.server";

// The Ride Management action on both engines: every rule refused with its message (product.md#messages) and
// nothing written, and every write in the audit trail with its admin.

const actor = { id: "admin-1", email: "admin@roadbook.test" };
const ride = (title: string, overrides: Record<string, unknown> = {}) => ({
  title,
  startDate: "2027-03-01",
  endDate: "2027-03-03",
  distance: "300 km",
  description: "A test ride",
  ...overrides,
});

function post(body: unknown, contentType = "application/json"): Request {
  return new Request("http://localhost/admin/rides", {
    method: "POST",
    headers: { "Content-Type": contentType },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

describeEachEngine("rideAction", (getDb) => {
  const run = async (body: unknown, contentType?: string) => {
    const logger = pino({ level: "silent" });
    const mailer = createMailer({ smtpUrl: undefined, from: "rides@roadbook.test" }, logger);
    const services = { db: getDb(), env: readEnv({}), logger, mailer } as AppServices;
    const result = await rideAction(post(body, contentType), { services, actor });
    return { status: result.init?.status ?? 200, ...result.data };
  };

  it("adds a valid ride and records who did it", async () => {
    const result = await run({ intent: "create", ride: ride("Spiti") });
    expect(result).toMatchObject({ status: 200, ok: true, message: RIDE_MESSAGES.added });
    const [entry] = await listRecentActivity(getDb());
    expect(entry).toMatchObject({
      actorEmail: actor.email,
      action: "created",
      collection: "rides",
      summary: 'Added ride "Spiti"',
    });
  });

  it("confirms waitlisted riders into the seats a save adds, and names them in the audit trail", async () => {
    const registration = { mode: "site", seats: 1, waitlist: true };
    const stored = await createRide(
      getDb(),
      ride("Spiti", { startDate: "2099-03-01", endDate: "2099-03-03", registration }),
    );
    const now = new Date("2099-01-01T00:00:00Z");
    await registerRider(getDb(), stored.id, riderForm(1), now);
    const waiting = await registerRider(getDb(), stored.id, riderForm(2), now);
    expect(waiting.registration.status).toBe("waitlisted");

    const more = ride("Spiti", {
      startDate: "2099-03-01",
      endDate: "2099-03-03",
      registration: { ...registration, seats: 2 },
    });
    expect(await run({ intent: "update", id: stored.id, version: stored.version, ride: more })).toMatchObject({
      ok: true,
    });
    expect((await getRegistrationByToken(getDb(), waiting.token))!.status).toBe("confirmed");
    const entries = await listRecentActivity(getDb());
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          actorEmail: actor.email,
          collection: "registrations",
          summary: `${waiting.registration.reference} confirmed from the waitlist of "Spiti": seats added to "Spiti"`,
        }),
      ]),
    );
  });

  it("records a saved duplicate as a copy", async () => {
    const source = await createRide(getDb(), ride("Spiti"));
    await run({ intent: "create", copyOf: source.id, ride: ride("Spiti (Copy)") });
    const [entry] = await listRecentActivity(getDb());
    expect(entry).toMatchObject({ action: "duplicated", summary: 'Added ride "Spiti (Copy)" as a copy' });
  });

  it("refuses a ride that breaks product.md#ride-validation, writing nothing", async () => {
    const result = await run({ intent: "create", ride: ride("", { endDate: "2027-02-01", bookingFormUrl: "nope" }) });
    expect(result).toMatchObject({ status: 400, ok: false, message: RIDE_MESSAGES.addFailed });
    expect(result).toHaveProperty("errors");
    expect("errors" in result && result.errors).toMatchObject({
      title: "Title is required",
      endDate: "End date cannot be before start date",
      bookingFormUrl: "Booking form URL must be a valid URL",
    });
    expect(await listRidesByStatus(getDb(), "upcoming")).toEqual([]);
    expect(await listRecentActivity(getDb())).toEqual([]);
  });

  it("refuses an update based on an old version and hands back the current ride", async () => {
    const stored = await createRide(getDb(), ride("Spiti"));
    await run({ intent: "update", id: stored.id, version: stored.version, ride: ride("Spiti, theirs") });

    const stale = await run({ intent: "update", id: stored.id, version: stored.version, ride: ride("Spiti, mine") });

    expect(stale).toMatchObject({
      status: 409,
      ok: false,
      message: RIDE_CONFLICT_MESSAGE,
      conflict: { title: "Spiti, theirs" },
    });
    expect((await getRide(getDb(), stored.id))?.title).toBe("Spiti, theirs");
  });

  it("refuses an update without the version it was based on", async () => {
    const stored = await createRide(getDb(), ride("Spiti"));
    // A version no ride can have (past the integer column's range) is as good as none.
    for (const version of [undefined, 0, 1.5, "1", 2 ** 31, 1e308]) {
      const result = await run({ intent: "update", id: stored.id, version, ride: ride("Spiti 2") });
      expect(result).toMatchObject({ status: 400, message: RIDE_MESSAGES.updateFailed });
    }
    expect((await getRide(getDb(), stored.id))?.version).toBe(stored.version);
  });

  it("deletes only a valid, known ride id", async () => {
    const stored = await createRide(getDb(), ride("Spiti"));
    expect(await run({ intent: "delete", id: "" })).toMatchObject({ status: 400, message: INVALID_RIDE_ID });
    expect(await run({ intent: "delete", id: "unknown" })).toMatchObject({ status: 404, message: INVALID_RIDE_ID });
    expect(await run({ intent: "delete", id: stored.id })).toMatchObject({
      status: 200,
      message: RIDE_MESSAGES.deleted,
    });
    expect(await getRide(getDb(), stored.id)).toBeNull();
    expect((await listRecentActivity(getDb()))[0]).toMatchObject({
      action: "deleted",
      summary: 'Deleted ride "Spiti"',
    });
  });

  it("changes a status only to one of the three of product.md#ride-status", async () => {
    const stored = await createRide(getDb(), ride("Spiti"));
    expect(await run({ intent: "status", id: stored.id, status: "postponed" })).toMatchObject({
      status: 400,
      message: RIDE_MESSAGES.statusUpdateFailed,
      errors: { status: "Status must be upcoming, completed or cancelled" },
    });
    expect(await run({ intent: "status", id: "unknown", status: "completed" })).toMatchObject({
      status: 404,
      message: RIDE_MESSAGES.statusUpdateFailed,
    });
    expect(await run({ intent: "status", id: stored.id, status: "completed" })).toMatchObject({
      status: 200,
      message: RIDE_MESSAGES.statusUpdated,
    });
    expect((await getRide(getDb(), stored.id))?.status).toBe("completed");
  });

  it("reorders a section in one go, refusing rides of another section", async () => {
    const [a, b] = [await createRide(getDb(), ride("A")), await createRide(getDb(), ride("B"))];
    const done = await createRide(getDb(), ride("Done", { status: "completed" }));
    for (const refused of [
      { status: "upcoming", ids: [done.id] },
      { status: "archived", ids: [a.id] },
      { status: "upcoming", ids: a.id },
    ]) {
      expect(await run({ intent: "reorder", ...refused })).toMatchObject({
        status: 400,
        message: RIDE_MESSAGES.orderUpdateFailed,
      });
    }
    expect(await run({ intent: "reorder", status: "upcoming", ids: [b.id, a.id] })).toMatchObject({
      status: 200,
      message: RIDE_MESSAGES.orderUpdated,
    });
    expect((await listRidesByStatus(getDb(), "upcoming")).map((r) => r.title)).toEqual(["B", "A"]);
  });

  it("answers anything but a JSON object, or an unknown intent, with a clear refusal", async () => {
    expect(await run("title=Spiti", "application/x-www-form-urlencoded")).toMatchObject({
      status: 400,
      message: INVALID_REQUEST,
    });
    expect(await run("{broken")).toMatchObject({ status: 400, message: INVALID_REQUEST });
    expect(await run([1, 2])).toMatchObject({ status: 400, message: INVALID_REQUEST });
    expect(await run({ intent: "drop-table" })).toMatchObject({ status: 400, ok: false });
  });
});
