import { expect, it } from "vitest";
import type { Database } from "~/server/db/schema.server";
import { describeEachEngine } from "../../../tests/support/databases";
import { insertUser } from "../../../tests/support/fixtures";
import {
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
  SESSION_TOUCH_INTERVAL_MS,
  createSession,
  deleteExpiredSessions,
  resolveSession,
  revokeSession,
  rotateSession,
} from "./sessions.server";
import { sessionIdOf } from "./session-core.server";

const T0 = new Date("2026-11-22T10:00:00.000Z");
const later = (ms: number) => new Date(T0.getTime() + ms);
const MINUTE = 60_000;

/** A user row written directly: hashing a password would only slow these tests down. */
async function adminId(db: Database): Promise<string> {
  const id = crypto.randomUUID();
  await insertUser(db, { id, email: `${id}@roadbook.test`, role: "owner" });
  return id;
}

describeEachEngine("admin sessions", (getDb) => {
  it("stores only the SHA-256 of the token, never the token itself", async () => {
    const db = getDb();
    const { token, session } = await createSession(db, await adminId(db), T0);
    expect(token).toMatch(/^[\w-]{43}$/);
    const rows = await db.selectFrom("sessions").selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.id).toBe(sessionIdOf(token));
    expect(rows[0]?.id).toBe(session.id);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("resolves a live token to its session and user; an unknown or empty token to null", async () => {
    const db = getDb();
    const userId = await adminId(db);
    const { token } = await createSession(db, userId, T0);
    const resolved = await resolveSession(db, token, later(MINUTE));
    expect(resolved?.user).toMatchObject({ id: userId, email: `${userId}@roadbook.test`, role: "owner" });
    expect(await resolveSession(db, `${token}x`, later(MINUTE))).toBeNull();
    expect(await resolveSession(db, "", later(MINUTE))).toBeNull();
  });

  it("ends a session left unused for the idle time", async () => {
    const db = getDb();
    const { token } = await createSession(db, await adminId(db), T0);
    expect(await resolveSession(db, token, later(SESSION_IDLE_MS - 1))).not.toBeNull();
    const { token: idle } = await createSession(db, await adminId(db), T0);
    expect(await resolveSession(db, idle, later(SESSION_IDLE_MS))).toBeNull();
  });

  it("use slides the idle expiry forward, written at most once per touch interval", async () => {
    const db = getDb();
    const { token, session } = await createSession(db, await adminId(db), T0);
    const soon = await resolveSession(db, token, later(SESSION_TOUCH_INTERVAL_MS - 1));
    expect(soon?.session.idleExpiresAt).toBe(session.idleExpiresAt);

    const used = later(SESSION_IDLE_MS - MINUTE);
    expect((await resolveSession(db, token, used))?.session.lastSeenAt).toBe(used.toISOString());
    // Without that use the session would have ended here; with it, it is alive.
    expect(await resolveSession(db, token, later(SESSION_IDLE_MS + MINUTE))).not.toBeNull();
  });

  it("never outlives the absolute lifetime, however busy", async () => {
    const db = getDb();
    const { token } = await createSession(db, await adminId(db), T0);
    for (let at = SESSION_IDLE_MS / 2; at < SESSION_ABSOLUTE_MS; at += SESSION_IDLE_MS / 2) {
      expect(await resolveSession(db, token, later(at))).not.toBeNull();
    }
    expect(await resolveSession(db, token, later(SESSION_ABSOLUTE_MS))).toBeNull();
  });

  it("revoking ends the session; rotating ends the old one and starts another", async () => {
    const db = getDb();
    const userId = await adminId(db);
    const { token: first } = await createSession(db, userId, T0);
    const { token: second } = await rotateSession(db, first, userId, later(MINUTE));
    expect(second).not.toBe(first);
    expect(await resolveSession(db, first, later(2 * MINUTE))).toBeNull();
    expect(await resolveSession(db, second, later(2 * MINUTE))).not.toBeNull();
    await revokeSession(db, second);
    expect(await resolveSession(db, second, later(2 * MINUTE))).toBeNull();
  });

  it("cleans up expired sessions (also whenever a session is created) and keeps live ones", async () => {
    const db = getDb();
    const userId = await adminId(db);
    await createSession(db, userId, T0);
    await createSession(db, userId, later(SESSION_IDLE_MS / 2));
    expect(await deleteExpiredSessions(db, later(SESSION_IDLE_MS + MINUTE))).toBe(1);
    await createSession(db, userId, later(SESSION_ABSOLUTE_MS));
    expect(await db.selectFrom("sessions").select("id").execute()).toHaveLength(1);
  });

  it("a deleted user's sessions go with it", async () => {
    const db = getDb();
    const userId = await adminId(db);
    await createSession(db, userId, T0);
    await db.deleteFrom("users").where("id", "=", userId).execute();
    expect(await db.selectFrom("sessions").select("id").execute()).toHaveLength(0);
  });
});
