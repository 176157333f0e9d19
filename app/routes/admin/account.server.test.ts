import * as OTPAuth from "otpauth";
import pino from "pino";
import { RouterContextProvider } from "react-router";
import { expect, it } from "vitest";
import { type AppServices, requestContext, servicesContext } from "~/context";
import { PROOF_MESSAGES } from "~/domain/team";
import { dispatcherFor } from "~/server/commands/command.server";
import type { Database } from "~/server/db/schema.server";
import type { Mail, Mailer } from "~/server/mail/mailer.server";
import { openOutbox } from "~/server/outbox/start-outbox.server";
import { createOrPromoteAdmin } from "~/server/team/users.server";
import { describeEachEngine } from "../../../tests/support/databases";
import { action as passkeysAction } from "./account-passkeys";
import { adminContext, adminSessionContext } from "~/server/auth/admin-session.server";
import { PROOF_FRESH_MS } from "~/server/auth/fresh-proof.server";
import { type Session, createSession, resolveSession } from "~/server/auth/sessions.server";
import { signInWithPassword } from "~/server/auth/sign-in.server";
import { SIGN_IN_CHANGES } from "~/server/auth/sign-in-changes.server";
import { LOGIN_THROTTLE } from "~/server/auth/throttle.server";
import { createChallenge, enableTotp, replaceRecoveryCodes } from "~/server/auth/two-factor.server";
import { ACCOUNT_MESSAGES, accountAction } from "./account.server";
import { testRequestInfo } from "../../../tests/support/fixtures";

// Decision 026 (note of 2026-11-26): a session alone (say, left open on a shared computer) changes no way of signing in.
// Each change needs a fresh proof (sign-in, password, the app's code or a passkey in the last
// ten minutes, kept on the server's session), TOTP is never enrolled over an existing one, and
// each change is mailed to the admin.

const PASSWORD = "correct horse battery";
const T0 = Date.parse("2026-11-22T10:00:00.000Z");
const appCode = (secret: string, timestamp: number) =>
  OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp });

type Answer = { data: { ok: boolean; message: string; recoveryCodes?: string[] }; init: { status?: number } | null };

describeEachEngine("changing how an admin signs in", (getDb) => {
  function services(db: Database, mails: Mail[]): AppServices {
    const mailer: Mailer = {
      enabled: true,
      send: async (mail) => {
        mails.push(mail);
        return true;
      },
      close: () => undefined,
    };
    const logger = pino({ level: "silent" });
    // As the server does: the mail each change enqueues is sent from the outbox (decision 029).
    openOutbox({ db, mailer, logger });
    return { db, logger, mailer } as AppServices;
  }

  /** Runs an account action and waits for the mail it enqueued to be sent. */
  async function act(...args: Parameters<typeof accountAction>): Promise<Answer> {
    const answer = (await accountAction(...args)) as unknown as Answer;
    await dispatcherFor(args[0].db).settled();
    return answer;
  }

  /** An admin with the app, a passkey and recovery codes, and a session that has proved nothing yet. */
  async function adminWithFactors() {
    const db = getDb();
    const { user } = await createOrPromoteAdmin(db, { email: "boss@roadbook.test", password: PASSWORD });
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    const enrolledAt = new Date(T0 - 60 * 60_000);
    await createChallenge(db, "totp-enrol", user.id, { secret }, enrolledAt);
    expect(await enableTotp(db, user, appCode(secret, enrolledAt.getTime()), enrolledAt)).toBe(true);
    await replaceRecoveryCodes(db, user);
    await db
      .insertInto("passkeys")
      .values({
        id: "passkey-1",
        user_id: user.id,
        name: "Phone",
        public_key: "key",
        counter: 0,
        transports: "[]",
        created_at: enrolledAt.toISOString(),
        last_used_at: null,
      })
      .execute();
    const { session } = await createSession(db, user.id, new Date(T0));
    return { db, user, secret, session };
  }

  async function signInState(db: Database) {
    return {
      users: await db.selectFrom("users").select(["totp_secret", "totp_last_step"]).execute(),
      passkeys: await db.selectFrom("passkeys").select("id").execute(),
      codes: await db.selectFrom("recovery_codes").select("code_hash").orderBy("code_hash").execute(),
      enrolments: await db.selectFrom("auth_challenges").select("id").where("purpose", "=", "totp-enrol").execute(),
    };
  }

  function form(fields: Record<string, string>): FormData {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.set(name, value);
    return body;
  }

  it("a session that has not proved it is its admin changes nothing: every change is refused (403), no mail", async () => {
    const { db, user, session } = await adminWithFactors();
    const mails: Mail[] = [];
    const before = await signInState(db);
    const actor = { user, session, clientIp: "203.0.113.7", now: new Date(T0 + 1000) };
    for (const intent of ["totp-start", "totp-confirm", "totp-disable", "passkey-remove", "recovery-codes"]) {
      const answer = await act(services(db, mails), actor, intent, form({ code: "123456", passkeyId: "passkey-1" }));
      expect(answer, intent).toMatchObject({
        data: { ok: false, message: PROOF_MESSAGES.needed },
        init: { status: 403 },
      });
    }
    expect(await signInState(db)).toEqual(before);
    expect(mails).toEqual([]);
  });

  it("adding a passkey without a fresh proof is refused before the browser is even asked", async () => {
    const { db, user, session } = await adminWithFactors();
    const context = new RouterContextProvider();
    context.set(servicesContext, services(db, []));
    context.set(adminContext, { ...user, displayName: "", role: "owner", createdAt: "", lastLoginAt: null });
    context.set(adminSessionContext, session);
    context.set(requestContext, testRequestInfo());
    for (const step of ["options", "verify"]) {
      const request = new Request("http://localhost/admin/account/passkeys", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ step, response: {}, name: "Stranger's key" }),
      });
      const response = await passkeysAction({ request, context, params: {} } as never);
      expect(response.status, step).toBe(403);
      expect(await response.json()).toEqual({ ok: false, message: PROOF_MESSAGES.needed });
    }
    expect(
      await db.selectFrom("auth_challenges").select("id").where("purpose", "=", "passkey-register").execute(),
    ).toEqual([]);
  });

  it("the password or the app's current code opens changes for ten minutes; then they close again", async () => {
    const { db, user, secret, session } = await adminWithFactors();
    const mails: Mail[] = [];
    const at = (ms: number) => ({ user, session, clientIp: "203.0.113.7", now: new Date(T0 + ms) });
    const run = async (ms: number, intent: string, fields: Record<string, string> = {}) => {
      const row = await db
        .selectFrom("sessions")
        .select("proven_at")
        .where("id", "=", session.id)
        .executeTakeFirstOrThrow();
      const actor = { ...at(ms), session: { ...session, provenAt: row.proven_at } satisfies Session };
      return act(services(db, mails), actor, intent, form(fields));
    };

    expect(await run(0, "prove-password", { password: "not it" })).toMatchObject({
      data: { ok: false, message: PROOF_MESSAGES.wrongPassword },
      init: { status: 400 },
    });
    expect(await run(1000, "prove-password", { password: PASSWORD })).toMatchObject({
      data: { ok: true, message: PROOF_MESSAGES.confirmed },
    });
    expect(await run(2000, "recovery-codes")).toMatchObject({ data: { ok: true } });
    expect(await run(1000 + PROOF_FRESH_MS, "recovery-codes")).toMatchObject({ init: { status: 403 } });

    const later = 1000 + PROOF_FRESH_MS;
    expect(await run(later, "prove-code", { code: appCode(secret, T0 + later) })).toMatchObject({ data: { ok: true } });
    expect(await run(later + 1000, "totp-disable")).toMatchObject({ data: { ok: true } });
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      ["boss@roadbook.test", "Your Roadbook sign-in changed"],
      ["boss@roadbook.test", "Your Roadbook sign-in changed"],
    ]);
    expect(mails[0]?.text).toContain(SIGN_IN_CHANGES.recoveryCodes);
    expect(mails[1]?.text).toContain(SIGN_IN_CHANGES.totpRemoved);
  });

  it("wrong passwords at the proof count against the account as sign-in failures do", async () => {
    const { db, user, session } = await adminWithFactors();
    const actor = { user, session, clientIp: "203.0.113.7", now: new Date(T0) };
    for (let i = 0; i < LOGIN_THROTTLE.maxFailures; i++)
      await accountAction(services(db, []), actor, "prove-password", form({ password: `guess ${i}` }));
    const refused = (await accountAction(
      services(db, []),
      actor,
      "prove-password",
      form({ password: PASSWORD }),
    )) as unknown as Answer;
    expect(refused).toMatchObject({
      data: { ok: false, message: expect.stringMatching(/^Too many/) },
      init: { status: 429 },
    });
  });

  it("the authenticator app is never enrolled over the one that is on", async () => {
    const { db, user, secret, session } = await adminWithFactors();
    const proven = { ...session, provenAt: new Date(T0).toISOString() };
    const actor = { user, session: proven, clientIp: "203.0.113.7", now: new Date(T0 + 1000) };
    const start = (await accountAction(services(db, []), actor, "totp-start", form({}))) as unknown as Answer;
    expect(start).toMatchObject({ data: { ok: false, message: ACCOUNT_MESSAGES.totpAlreadyOn } });
    // An enrolment begun elsewhere (before the app was on) cannot replace it either.
    const other = new OTPAuth.Secret({ size: 20 }).base32;
    await createChallenge(db, "totp-enrol", user.id, { secret: other }, new Date(T0));
    const code = appCode(other, T0 + 1000);
    const confirm = (await accountAction(services(db, []), actor, "totp-confirm", form({ code }))) as unknown as Answer;
    expect(confirm).toMatchObject({ data: { ok: false, message: ACCOUNT_MESSAGES.totpAlreadyOn } });
    expect(await enableTotp(db, user, code, new Date(T0 + 1000))).toBe(false);
    const row = await db.selectFrom("users").select("totp_secret").where("id", "=", user.id).executeTakeFirstOrThrow();
    expect(row.totp_secret).toBe(secret);
  });

  it("signing in is a proof: the new session may change how its admin signs in at once", async () => {
    const db = getDb();
    await createOrPromoteAdmin(db, { email: "fresh@roadbook.test", password: PASSWORD });
    const now = new Date(T0);
    const result = await signInWithPassword(
      db,
      { email: "fresh@roadbook.test", password: PASSWORD },
      { clientIp: "203.0.113.7", previousToken: undefined, now },
    );
    if (result.ok !== true) throw new Error("not signed in");
    expect((await resolveSession(db, result.token, now))?.session.provenAt).toBe(now.toISOString());
  });
});
