import * as OTPAuth from "otpauth";
import { expect, it } from "vitest";
import { setRequireTwoFactor } from "~/server/team/team.server";
import { createOrPromoteAdmin } from "~/server/team/users.server";
import { describeEachEngine } from "../../../tests/support/databases";
import { resolveSession } from "./sessions.server";
import { LOGIN_THROTTLE } from "./throttle.server";
import { SECOND_FACTOR_MESSAGES, signInWithGoogle, signInWithPassword, signInWithSecondFactor } from "./sign-in.server";
import { createChallenge, enableTotp, replaceRecoveryCodes, secondFactorsOf, totpStep } from "./two-factor.server";

const PASSWORD = "correct horse battery";
const context = { clientIp: "203.0.113.7", previousToken: undefined };

/** What the admin's authenticator app shows for `secret` now (or at `timestamp`). */
const appCode = (secret: string, timestamp = Date.now()) =>
  OTPAuth.TOTP.generate({ secret: OTPAuth.Secret.fromBase32(secret), timestamp });

describeEachEngine("two-factor sign-in", (getDb) => {
  async function adminWithTotp(email = "boss@roadbook.test") {
    const db = getDb();
    const { user } = await createOrPromoteAdmin(db, { email, password: PASSWORD });
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    await createChallenge(db, "totp-enrol", user.id, { secret });
    const wrong = appCode(secret) === "000000" ? "111111" : "000000";
    expect(await enableTotp(db, user, wrong)).toBe(false);
    expect(await enableTotp(db, user, appCode(secret))).toBe(true);
    return { user, secret };
  }

  it("enrolment keeps the secret only once a code from it is given", async () => {
    const db = getDb();
    const { user, secret } = await adminWithTotp();
    expect(await secondFactorsOf(db, user.id)).toMatchObject({ totp: true, passkey: false });
    // The app's clock may be a step behind; two steps is too far, and five digits no code.
    expect(totpStep(secret, user.email, appCode(secret, Date.now() - 30_000))).not.toBeNull();
    expect(totpStep(secret, user.email, appCode(secret, Date.now() - 120_000))).toBeNull();
    expect(totpStep(secret, user.email, "12345")).toBeNull();
  });

  it("the password alone gives no session: the app's code does, once", async () => {
    const db = getDb();
    const { secret } = await adminWithTotp();
    const first = await signInWithPassword(db, { email: "boss@roadbook.test", password: PASSWORD }, context);
    if (first.ok !== "second-factor") throw new Error("no second step");
    expect(first.factors).toEqual({ totp: true, passkey: false });
    expect(await db.selectFrom("sessions").select("id").execute()).toEqual([]);

    const step = { ...context, challenge: first.challenge };
    const wrong = await signInWithSecondFactor(db, { method: "totp", code: "000000" }, step);
    expect(wrong).toMatchObject({ ok: false, status: 401, error: SECOND_FACTOR_MESSAGES.wrongCode });
    // The code that confirmed the enrolment is spent: the app's next one works.
    const enrolled = await signInWithSecondFactor(db, { method: "totp", code: appCode(secret) }, step);
    expect(enrolled).toMatchObject({ ok: false, error: SECOND_FACTOR_MESSAGES.wrongCode });
    const next = appCode(secret, Date.now() + 30_000);
    const right = await signInWithSecondFactor(db, { method: "totp", code: next }, step);
    if (right.ok !== true) throw new Error("not signed in");
    expect((await resolveSession(db, right.token))?.user.email).toBe("boss@roadbook.test");
    // The step is spent: the same code cannot open a second session.
    expect(await signInWithSecondFactor(db, { method: "totp", code: next }, step)).toMatchObject({
      ok: false,
      error: SECOND_FACTOR_MESSAGES.expired,
    });
    // Nor, in a new sign-in, can a code seen over the shoulder: each code works once.
    const again = await signInWithPassword(db, { email: "boss@roadbook.test", password: PASSWORD }, context);
    if (again.ok !== "second-factor") throw new Error("no second step");
    expect(
      await signInWithSecondFactor(db, { method: "totp", code: next }, { ...context, challenge: again.challenge }),
    ).toMatchObject({ ok: false, error: SECOND_FACTOR_MESSAGES.wrongCode });
  });

  it("a recovery code works once, typed any way", async () => {
    const db = getDb();
    const { user } = await adminWithTotp();
    const codes = await replaceRecoveryCodes(db, user);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    const code = codes[3]!;
    const again = async (typed: string) => {
      const first = await signInWithPassword(db, { email: user.email, password: PASSWORD }, context);
      if (first.ok !== "second-factor") throw new Error("no second step");
      return signInWithSecondFactor(
        db,
        { method: "recovery", code: typed },
        { ...context, challenge: first.challenge },
      );
    };
    expect((await again(` ${code.toUpperCase()} `)).ok).toBe(true);
    expect(await again(code)).toMatchObject({ ok: false, status: 401 });
    expect((await secondFactorsOf(db, user.id)).recoveryCodesLeft).toBe(9);
    // Stored hashed: no code appears in the table.
    const stored = await db.selectFrom("recovery_codes").select("code_hash").execute();
    expect(stored.map((row) => row.code_hash).join(" ")).not.toContain(code.replace("-", ""));
  });

  it("wrong codes count against the account like wrong passwords", async () => {
    const db = getDb();
    await adminWithTotp();
    const first = await signInWithPassword(db, { email: "boss@roadbook.test", password: PASSWORD }, context);
    if (first.ok !== "second-factor") throw new Error("no second step");
    const step = { ...context, challenge: first.challenge };
    for (let i = 0; i < 5; i++) await signInWithSecondFactor(db, { method: "totp", code: "000000" }, step);
    expect(await signInWithSecondFactor(db, { method: "totp", code: "000000" }, step)).toMatchObject({ status: 429 });
  });

  it("entering the password again buys no fresh guesses: five wrong codes, then waits of 1, 2, 4, 8 minutes (README, Sign-in throttling)", async () => {
    const db = getDb();
    const T0 = Date.parse("2026-11-22T10:00:00.000Z");
    const { user } = await createOrPromoteAdmin(db, { email: "boss@roadbook.test", password: PASSWORD });
    const secret = new OTPAuth.Secret({ size: 20 }).base32;
    await createChallenge(db, "totp-enrol", user.id, { secret }, new Date(T0 - 60_000));
    expect(await enableTotp(db, user, appCode(secret, T0 - 60_000), new Date(T0 - 60_000))).toBe(true);
    const wrongAt = (at: number) => (appCode(secret, at) === "000000" ? "111111" : "000000");

    /** Password, then a wrong code, as someone who holds the password but not the phone would. */
    async function guess(at: number) {
      const now = new Date(at);
      const first = await signInWithPassword(db, { email: user.email, password: PASSWORD }, { ...context, now });
      if (first.ok !== "second-factor") return first;
      const step = { ...context, now, challenge: first.challenge };
      return signInWithSecondFactor(db, { method: "totp", code: wrongAt(at) }, step);
    }

    // The attacker tries again at once, and after each refusal exactly when told to, for 15 minutes.
    let at = T0;
    const failures: number[] = [];
    const waits: number[] = [];
    for (let round = 0; round < 20 && at < T0 + LOGIN_THROTTLE.windowMs; round++) {
      const result = await guess(at);
      if (result.ok === false && result.status === 429) {
        waits.push(result.retryAfterSeconds ?? 0);
        at += (result.retryAfterSeconds ?? 0) * 1000;
      } else {
        expect(result).toMatchObject({ ok: false, status: 401, error: SECOND_FACTOR_MESSAGES.wrongCode });
        failures.push(at);
      }
    }
    expect(waits).toEqual([60, 120, 240, 480]);
    expect(failures.length).toBeLessThanOrEqual(9);

    // The owner, with the phone, signs in once the wait is over; that clears the account's failures.
    at = T0 + LOGIN_THROTTLE.windowMs + 60_000;
    const first = await signInWithPassword(
      db,
      { email: user.email, password: PASSWORD },
      { ...context, now: new Date(at) },
    );
    if (first.ok !== "second-factor") throw new Error("no second step");
    const signedIn = await signInWithSecondFactor(
      db,
      { method: "totp", code: appCode(secret, at) },
      { ...context, now: new Date(at), challenge: first.challenge },
    );
    expect(signedIn.ok).toBe(true);
    for (let i = 0; i < LOGIN_THROTTLE.maxFailures; i++) expect(await guess(at + 1000)).toMatchObject({ status: 401 });
  }, 90_000);

  it("Google sign-in asks for the second factor too", async () => {
    const db = getDb();
    const { user } = await adminWithTotp("google-boss@roadbook.test");
    const result = await signInWithGoogle(db, { subject: "g-1", email: user.email, emailVerified: true }, undefined);
    expect(result.ok).toBe("second-factor");
  });

  it("an admin without a second factor signs in with the password alone, even when two factors are required (then enrols)", async () => {
    const db = getDb();
    await createOrPromoteAdmin(db, { email: "plain@roadbook.test", password: PASSWORD });
    await setRequireTwoFactor(db, true);
    expect((await signInWithPassword(db, { email: "plain@roadbook.test", password: PASSWORD }, context)).ok).toBe(true);
  });
});
