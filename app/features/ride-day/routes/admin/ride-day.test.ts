import { randomUUID } from "node:crypto";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { expect, it } from "vitest";
import { servicesContext, type AppServices } from "~/context";
import { RIDE_DAY_SYNC_MAX_OPS, type RideDayPack, type RideDaySyncResponse } from "~/features/ride-day/domain/pack";
import { adminContext } from "~/server/auth/admin-session.server";
import { cancelRegistration } from "~/server/registrations/cancel.server";
import { readEnv } from "~/server/env.server";
import { RIDE_DAY_ERRORS } from "~/features/ride-day/server/respond.server";
import { describeEachEngine } from "../../../../../tests/support/databases";
import { siteRide } from "../../../../../tests/support/fixtures";
import { registerRider, riderForm } from "../../../../../tests/support/registration-fixtures";
import { rideDayOps } from "../../../../../tests/support/ride-day";
import { loader as packLoader } from "./ride-day-pack";
import { action as syncAction, loader as syncLoader } from "./ride-day-sync";
import { loader as emergencyLoader } from "./ride-emergency";

// The ride-day endpoints as the phone meets them (docs/features/ride-day.md#the-endpoints): JSON
// answers, never stored by a cache, and `{ error }` for what the phone cannot use. Who may call
// them is the admin layout's (tests/integration/admin-authorization.test.ts).

const CAPTAIN = {
  id: "captain-1",
  email: "captain@example.com",
  displayName: "Kiran",
  role: "owner",
  createdAt: "",
  lastLoginAt: null,
};

describeEachEngine("the ride-day endpoints", (getDb) => {
  function args(rideId: string, init?: RequestInit) {
    const context = new RouterContextProvider();
    context.set(servicesContext, { db: getDb(), env: readEnv({}), logger: pino({ level: "silent" }) } as AppServices);
    context.set(adminContext, CAPTAIN);
    const request = new Request(`http://localhost/admin/rides/${rideId}/ride-day/sync`, init);
    return { context, request, params: { rideId } } as never;
  }

  const post = (rideId: string, body: string, type = "application/json") =>
    syncAction(args(rideId, { method: "POST", headers: { "Content-Type": type }, body }));

  async function rideWithRider() {
    const ride = await siteRide(getDb(), { seats: 5 });
    const { registration } = await registerRider(getDb(), ride.id, riderForm(1, { name: "Asha Rao" }));
    return { rideId: ride.id, registrationId: registration.id };
  }

  it("GET ride-day.json: the pack, never stored; a 404 with an error for a ride that does not exist", async () => {
    const { rideId } = await rideWithRider();
    const response = await packLoader(args(rideId));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const pack = (await response.json()) as RideDayPack;
    expect(pack.riders.map((rider) => rider.name)).toEqual(["Asha Rao"]);
    const missing = await packLoader(args("no-such-ride"));
    expect(missing.status).toBe(404);
    expect(missing.headers.get("cache-control")).toBe("no-store");
    expect(await missing.json()).toEqual({ error: RIDE_DAY_ERRORS.rideNotFound });
  });

  it("POST ride-day/sync: the outcomes and the fresh pack", async () => {
    const { rideId, registrationId } = await rideWithRider();
    const op = rideDayOps.checkIn(registrationId, new Date().toISOString());
    const response = await post(rideId, JSON.stringify({ ops: [op] }));
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const body = (await response.json()) as RideDaySyncResponse;
    expect(body.results).toEqual([{ id: op.id, outcome: "applied" }]);
    expect(body.pack.riders[0]!.checkedInAt).not.toBeNull();
  });

  it("POST ride-day/sync: a conflict for a rider cancelled meanwhile is an answer, not an error", async () => {
    const { rideId, registrationId } = await rideWithRider();
    await cancelRegistration(getDb(), registrationId, { actor: CAPTAIN });
    const op = rideDayOps.checkIn(registrationId, new Date().toISOString());
    const response = await post(rideId, JSON.stringify({ ops: [op] }));
    expect(response.status).toBe(200);
    expect(((await response.json()) as RideDaySyncResponse).results[0]).toEqual({
      id: op.id,
      outcome: "conflict",
      message: "Asha Rao cancelled while you were offline: not checked in",
    });
  });

  it("refuses what it cannot read with a clear error, applying none of the changes", async () => {
    const { rideId, registrationId } = await rideWithRider();
    const valid = rideDayOps.checkIn(registrationId, new Date().toISOString());
    const cases: [Promise<Response>, number, string][] = [
      [post(rideId, JSON.stringify({ ops: [valid] }), "text/plain"), 415, RIDE_DAY_ERRORS.notJson],
      [post(rideId, '{"ops": [', "application/json"), 400, RIDE_DAY_ERRORS.brokenJson],
      [post(rideId, JSON.stringify([valid])), 400, RIDE_DAY_ERRORS.noOps],
      [
        post(rideId, JSON.stringify({ ops: [{ ...valid, kind: "delete-everything" }] })),
        400,
        `Change 1: ${RIDE_DAY_ERRORS.unknownKind}`,
      ],
      [
        post(rideId, JSON.stringify({ ops: [valid, { ...valid, id: "not-a-uuid" }] })),
        400,
        "Change 2: Each change needs its own id",
      ],
      [
        post(rideId, JSON.stringify({ ops: [valid, { ...valid, id: randomUUID(), at: "yesterday" }] })),
        400,
        "Change 2: Each change needs the time it was made",
      ],
      [
        post(rideId, JSON.stringify({ ops: Array.from({ length: RIDE_DAY_SYNC_MAX_OPS + 1 }, () => valid) })),
        400,
        RIDE_DAY_ERRORS.tooMany,
      ],
      [post(rideId, JSON.stringify({ ops: [valid], padding: "x".repeat(300_000) })), 413, RIDE_DAY_ERRORS.tooLarge],
      [post("no-such-ride", JSON.stringify({ ops: [valid] })), 404, RIDE_DAY_ERRORS.rideNotFound],
    ];
    for (const [answer, status, error] of cases) {
      const response = await answer;
      expect([response.status, await response.json()]).toEqual([status, { error }]);
    }
    expect(await getDb().selectFrom("ride_day_ops").selectAll().execute()).toEqual([]);
    const row = await getDb().selectFrom("registrations").select("checked_in_at").executeTakeFirstOrThrow();
    expect(row.checked_in_at).toBeNull();
  });

  it("GET ride-day/sync: 405, POST only", async () => {
    const response = syncLoader();
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });

  it("the emergency sheet: the confirmed riders; a 404 for a ride that does not exist", async () => {
    const { rideId } = await rideWithRider();
    const { registration } = await registerRider(getDb(), rideId, riderForm(2, { name: "Bala K" }));
    await cancelRegistration(getDb(), registration.id, { actor: CAPTAIN });
    const sheet = (await emergencyLoader(args(rideId))) as unknown as {
      data: { sheet: { riders: { name: string }[] } };
    };
    expect(sheet.data.sheet.riders.map((rider) => rider.name)).toEqual(["Asha Rao"]);
    const missing = (await emergencyLoader(args("no-such-ride"))) as unknown as { init: { status: number } };
    expect(missing.init.status).toBe(404);
  });
});
