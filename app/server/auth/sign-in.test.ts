import { expect, it } from "vitest";
import { LOGIN_MESSAGES } from "~/domain/messages";
import type { Database } from "~/server/db/schema.server";
import { createOrPromoteAdmin } from "~/server/team/users.server";
import { describeEachEngine } from "../../../tests/support/databases";
import { snapshot } from "../../../tests/support/fixtures";
import { createSession, resolveSession } from "./sessions.server";
import { INVALID_CREDENTIALS, signInWithGoogle, signInWithPassword } from "./sign-in.server";
import { LOGIN_THROTTLE } from "./throttle.server";

const PASSWORD = "correct horse battery";
const ip = { clientIp: "203.0.113.7", previousToken: undefined };

async function admin(db: Database, email = "boss@roadbook.test") {
  return (await createOrPromoteAdmin(db, { email, password: PASSWORD, displayName: "Boss" })).user;
}

async function member(db: Database, email: string, googleSubject: string | null = null) {
  const { user } = await createOrPromoteAdmin(db, { email, password: PASSWORD });
  await db
    .updateTable("users")
    .set({ role: "member", google_subject: googleSubject })
    .where("id", "=", user.id)
    .execute();
  return user;
}

async function sessionCount(db: Database): Promise<number> {
  return (await db.selectFrom("sessions").select("id").execute()).length;
}

describeEachEngine("password sign-in", (getDb) => {
  it("an admin with the right password gets a live session and a stored lastLoginAt", async () => {
    const db = getDb();
    const user = await admin(db);
    const result = await signInWithPassword(db, { email: " Boss@Roadbook.test ", password: PASSWORD }, ip);
    if (result.ok !== true) throw new Error("not signed in");
    expect((await resolveSession(db, result.token))?.user.id).toBe(user.id);
    expect(result.user.lastLoginAt).not.toBeNull();
    const row = await db
      .selectFrom("users")
      .select("last_login_at")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.last_login_at).toBe(result.user.lastLoginAt);
  });

  it("a wrong password and an unknown email get the same answer and no session", async () => {
    const db = getDb();
    await admin(db);
    const wrong = await signInWithPassword(db, { email: "boss@roadbook.test", password: "nope" }, ip);
    const unknown = await signInWithPassword(db, { email: "nobody@roadbook.test", password: "nope" }, ip);
    expect(wrong).toEqual({ ok: false, status: 401, error: INVALID_CREDENTIALS });
    expect(unknown).toEqual(wrong);
    expect(await sessionCount(db)).toBe(0);
  });

  it("a user without the admin role is refused with the product's message, gets no session and no lastLoginAt", async () => {
    const db = getDb();
    const user = await member(db, "rider@roadbook.test");
    const before = await snapshot(db);
    const result = await signInWithPassword(db, { email: "rider@roadbook.test", password: PASSWORD }, ip);
    expect(result).toEqual({ ok: false, status: 403, error: LOGIN_MESSAGES.accessDenied });
    expect(await sessionCount(db)).toBe(0);
    expect(await snapshot(db)).toEqual(before);
    expect(
      (await db.selectFrom("users").select("last_login_at").where("id", "=", user.id).executeTakeFirstOrThrow())
        .last_login_at,
    ).toBeNull();
  });

  it("email and password are both required: field messages, nothing recorded", async () => {
    const db = getDb();
    const result = await signInWithPassword(db, { email: "", password: "" }, ip);
    expect(result).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: { email: "Email is required", password: "Password is required" },
    });
    expect(await signInWithPassword(db, {}, ip)).toMatchObject({ ok: false, status: 400 });
    expect(await db.selectFrom("login_attempts").select("id").execute()).toHaveLength(0);
  });

  it("after five failures the account waits, even with the right password (429)", async () => {
    const db = getDb();
    await admin(db);
    for (let i = 0; i < LOGIN_THROTTLE.maxFailures; i++) {
      expect(await signInWithPassword(db, { email: "boss@roadbook.test", password: `guess ${i}` }, ip)).toMatchObject({
        status: 401,
      });
    }
    const refused = await signInWithPassword(db, { email: "boss@roadbook.test", password: PASSWORD }, ip);
    expect(refused).toMatchObject({
      ok: false,
      status: 429,
      error: expect.stringMatching(/^Too many sign-in attempts/),
    });
    expect(await sessionCount(db)).toBe(0);
  });

  it("a success clears the account's earlier failures", async () => {
    const db = getDb();
    await admin(db);
    for (let i = 0; i < LOGIN_THROTTLE.maxFailures - 1; i++)
      await signInWithPassword(db, { email: "boss@roadbook.test", password: "x" }, ip);
    expect((await signInWithPassword(db, { email: "boss@roadbook.test", password: PASSWORD }, ip)).ok).toBe(true);
    const other = { ...ip, clientIp: "198.51.100.2" };
    for (let i = 0; i < LOGIN_THROTTLE.maxFailures - 1; i++)
      await signInWithPassword(db, { email: "boss@roadbook.test", password: "x" }, other);
    expect((await signInWithPassword(db, { email: "boss@roadbook.test", password: PASSWORD }, other)).ok).toBe(true);
  });

  it("signing in ends the session the browser held before (no fixation)", async () => {
    const db = getDb();
    const user = await admin(db);
    const { token: previous } = await createSession(db, user.id);
    const result = await signInWithPassword(
      db,
      { email: "boss@roadbook.test", password: PASSWORD },
      { ...ip, previousToken: previous },
    );
    if (result.ok !== true) throw new Error("not signed in");
    expect(result.token).not.toBe(previous);
    expect(await resolveSession(db, previous)).toBeNull();
    expect(await sessionCount(db)).toBe(1);
  });
});

describeEachEngine("Google sign-in", (getDb) => {
  const identity = (subject: string, email: string | null, emailVerified = true) => ({ subject, email, emailVerified });

  it("links the Google account of an admin whose verified email matches, then signs in by subject", async () => {
    const db = getDb();
    const user = await admin(db);
    const first = await signInWithGoogle(db, identity("google-1", "BOSS@roadbook.test"), undefined);
    expect(first).toMatchObject({ ok: true, user: { id: user.id } });
    const row = await db
      .selectFrom("users")
      .select(["google_subject", "last_login_at"])
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.google_subject).toBe("google-1");
    expect(row.last_login_at).not.toBeNull();
    // The Google account's email may change later; the link holds.
    expect(await signInWithGoogle(db, identity("google-1", "renamed@gmail.test"), undefined)).toMatchObject({
      ok: true,
      user: { id: user.id },
    });
  });

  it("an unknown Google account is refused: no user, no session (no self-registration)", async () => {
    const db = getDb();
    const before = await snapshot(db);
    expect(await signInWithGoogle(db, identity("google-2", "stranger@gmail.test"), undefined)).toEqual({
      ok: false,
      status: 403,
      error: LOGIN_MESSAGES.accessDenied,
    });
    expect(await snapshot(db)).toEqual(before);
    expect(await sessionCount(db)).toBe(0);
  });

  it("refuses an admin's email the provider has not verified, and does not link it", async () => {
    const db = getDb();
    const user = await admin(db);
    expect(await signInWithGoogle(db, identity("google-3", "boss@roadbook.test", false), undefined)).toMatchObject({
      ok: false,
      status: 403,
      error: LOGIN_MESSAGES.accessDenied,
    });
    const row = await db
      .selectFrom("users")
      .select("google_subject")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.google_subject).toBeNull();
  });

  it("refuses non-admins, whether linked or matched by email", async () => {
    const db = getDb();
    await member(db, "linked@roadbook.test", "google-4");
    await member(db, "unlinked@roadbook.test");
    expect(await signInWithGoogle(db, identity("google-4", "linked@roadbook.test"), undefined)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await signInWithGoogle(db, identity("google-5", "unlinked@roadbook.test"), undefined)).toMatchObject({
      ok: false,
      status: 403,
    });
    expect(await sessionCount(db)).toBe(0);
  });

  it("does not re-link an admin already linked to another Google account", async () => {
    const db = getDb();
    const user = await admin(db);
    await db.updateTable("users").set({ google_subject: "google-original" }).where("id", "=", user.id).execute();
    expect(await signInWithGoogle(db, identity("google-other", "boss@roadbook.test"), undefined)).toMatchObject({
      ok: false,
      status: 403,
    });
    const row = await db
      .selectFrom("users")
      .select("google_subject")
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    expect(row.google_subject).toBe("google-original");
  });
});
