import { randomUUID } from "node:crypto";
import { rideDayWindowStart } from "~/features/ride-day/domain/expiry";
import type { RideDaySyncResponse } from "~/features/ride-day/domain/pack";
import { rideDayHref, rideDaySyncHref } from "~/features/ride-day/domain/paths";
import { SESSION_COOKIE } from "~/server/auth/cookies.server";
import { createSession, SESSION_IDLE_MS } from "~/server/auth/sessions.server";
import { getRide } from "~/server/rides/rides.server";
import type { Answer } from "./client.ts";
import type { Surfaces } from "./surfaces.ts";

// The ride-day sync (docs/features/ride-day.md#the-sync, issue 34 items 7–11), probed the same
// way every run by the participants ride's captain: changes timed in 1970 and in the far future
// (clamped into the ride's window, their audit rows in the order sent), a change for a rider not
// on the ride (refused, nothing changed), a change sent twice (applied once), and a session that
// lapsed (401 for the sync, the page sent to the sign-in screen, nothing changed).

const SYNC = "POST the ride-day sync";

type Op = Record<string, string>;

function syncRequest(s: Surfaces, rideId: string, ops: Op[], cookie: string) {
  return s.client.request("POST", rideDaySyncHref(rideId), {
    cookie,
    type: "application/json",
    headers: { Accept: "application/json" },
    body: JSON.stringify({ ops }),
  });
}

const checkIn = (kind: "check-in" | "undo-check-in", registrationId: string, at: string): Op => ({
  id: randomUUID(),
  kind,
  registrationId,
  at,
});

const outcomes = (answer: Answer | null) =>
  answer?.status === 200 ? (JSON.parse(answer.body) as RideDaySyncResponse).results.map((r) => r.outcome) : null;

/** What a sync may change: check-ins, the changes recorded, the trail. */
async function rideDayState(s: Surfaces) {
  const { db } = s.world;
  const [registrations, ops, audit] = await Promise.all([
    db.selectFrom("registrations").select(["id", "checked_in_at"]).orderBy("id").execute(),
    db.selectFrom("ride_day_ops").select("id").orderBy("id").execute(),
    db.selectFrom("audit_log").select("id").orderBy("id").execute(),
  ]);
  return JSON.stringify({ registrations, ops, audit });
}

/** Times in 1970 and the far future: each clamped into the ride's window, the trail in the order sent. */
async function clampedTimes(s: Surfaces, rideId: string, cookie: string): Promise<void> {
  const { db } = s.world;
  const rider = await db
    .selectFrom("registrations")
    .select("id")
    .where("ride_id", "=", rideId)
    .where("status", "=", "confirmed")
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const ride = (await getRide(db, rideId))!;
  for (const at of ["1970-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z"]) {
    const sentAt = Date.now();
    const ops = [checkIn("undo-check-in", rider.id, at), checkIn("check-in", rider.id, at)];
    const request = syncRequest(s, rideId, ops, cookie);
    const answer = await s.client.send(request);
    if (answer?.status !== 200) {
      s.client.verdict(`${SYNC} with changes timed ${at} got ${answer?.status ?? "no answer"}`, request);
      continue;
    }
    const earliest = Math.min(rideDayWindowStart(ride, new Date(sentAt)).getTime(), sentAt);
    const stored = await db.selectFrom("registrations").select("checked_in_at").where("id", "=", rider.id).execute();
    const checkedIn = Date.parse(stored[0]?.checked_in_at ?? "");
    s.client.verdict(
      checkedIn >= earliest && checkedIn <= Date.now() + 1000
        ? null
        : `${SYNC}: a check-in timed ${at} was stored at ${stored[0]?.checked_in_at ?? "no time"}`,
      request,
    );
    const trail = await db
      .selectFrom("audit_log")
      .select(["summary", "created_at"])
      .where("record_id", "=", rider.id)
      .where("created_at", ">=", new Date(earliest).toISOString())
      .orderBy("created_at", "desc")
      .limit(2)
      .execute();
    const [last, before] = trail;
    const ordered =
      last?.summary.startsWith("Checked in") &&
      before?.summary.startsWith("Undid") &&
      before.created_at < last.created_at;
    s.client.verdict(
      ordered ? null : `${SYNC}: an undo and a check-in timed ${at} are not in order in the trail`,
      request,
    );
  }
}

/** A change for a rider on another ride: refused, and nothing changed. */
async function riderNotOnRide(s: Surfaces, rideId: string, cookie: string): Promise<void> {
  const other = await s.world.db
    .selectFrom("registrations")
    .select("id")
    .where("ride_id", "!=", rideId)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const request = syncRequest(s, rideId, [checkIn("check-in", other.id, new Date().toISOString())], cookie);
  const answer = await s.client.send(request);
  const refused = outcomes(answer)?.[0] === "refused";
  const recorded = await s.world.db
    .selectFrom("registrations")
    .select("checked_in_at")
    .where("id", "=", other.id)
    .execute();
  s.client.verdict(
    refused && recorded[0]?.checked_in_at === null
      ? null
      : `${SYNC}: a change for a rider not on the ride was ${outcomes(answer)?.[0] ?? `answered ${answer?.status}`}`,
    request,
  );
}

/** The same change sent again (an answer lost on the way back): its first outcome, applied once. */
async function replayed(s: Surfaces, rideId: string, cookie: string): Promise<void> {
  const rollCallId = randomUUID();
  const op = { id: randomUUID(), kind: "roll-call", rollCallId, label: "Fuzz regroup", at: new Date().toISOString() };
  const request = syncRequest(s, rideId, [op, op], cookie);
  const first = outcomes(await s.client.send(request));
  const again = outcomes(await s.client.send(request));
  const calls = await s.world.db.selectFrom("roll_calls").select("id").where("id", "=", rollCallId).execute();
  const trail = await s.world.db.selectFrom("audit_log").select("id").where("record_id", "=", rollCallId).execute();
  const once = first?.join() === "applied,applied" && again?.join() === "applied,applied" && calls.length === 1;
  s.client.verdict(
    once && trail.length === 1 ? null : `${SYNC}: a change sent again was not applied exactly once`,
    request,
  );
}

/** A session that lapsed (two idle hours): the sync refused with 401 and nothing changed; the page sends to sign-in. */
async function lapsedSession(s: Surfaces, rideId: string, userId: string): Promise<void> {
  const { token } = await createSession(s.world.db, userId, new Date(Date.now() - SESSION_IDLE_MS - 60_000));
  s.world.secrets.set(token, "a session token");
  const cookie = `${SESSION_COOKIE}=${token}`;
  const rider = await s.world.db
    .selectFrom("registrations")
    .select("id")
    .where("ride_id", "=", rideId)
    .orderBy("id")
    .executeTakeFirstOrThrow();
  const request = syncRequest(s, rideId, [checkIn("undo-check-in", rider.id, new Date().toISOString())], cookie);
  const before = await rideDayState(s);
  const answer = await s.client.send(request);
  const unchanged = (await rideDayState(s)) === before;
  s.client.verdict(
    answer?.status === 401 && unchanged
      ? null
      : `${SYNC} with a lapsed session got ${answer?.status ?? "no answer"}${unchanged ? "" : " and changed data"}`,
    request,
  );
  const page = s.client.request("GET", rideDayHref(rideId), { cookie });
  const shown = await s.client.send(page);
  s.client.verdict(
    shown?.status === 302 || shown?.status === 200
      ? null
      : `the ride-day page with a lapsed session got ${shown?.status}`,
    page,
  );
}

export async function rideDayProbes(s: Surfaces): Promise<void> {
  const { world } = s;
  const rideId = world.rides.participants;
  const captain = world.captains[0]!;
  await clampedTimes(s, rideId, captain.cookie);
  await riderNotOnRide(s, rideId, captain.cookie);
  await replayed(s, rideId, captain.cookie);
  await lapsedSession(s, rideId, captain.id);
}
