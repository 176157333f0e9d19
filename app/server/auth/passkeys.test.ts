import { expect, it } from "vitest";
import { describeEachEngine } from "../../../tests/support/databases";
import { PASSKEY_CHALLENGES_KEPT, PASSKEY_OPTIONS_PER_NETWORK, relyingPartyOf } from "./passkey-core.server";
import { passkeySignInOptions } from "./passkeys.server";
import { findChallenge } from "./two-factor.server";

// Decision 026 (note of 2026-11-26): passkey sign-in options stored a challenge per request with no
// limit. A network now gets a bounded number in the throttle's window, and the stored challenges
// are bounded.

const rp = relyingPartyOf("https://rides.example.org");
const T0 = new Date("2026-11-22T10:00:00.000Z");

describeEachEngine("passkey sign-in options", (getDb) => {
  it("are throttled per network: past the limit a network waits, another network does not", async () => {
    const db = getDb();
    for (let i = 0; i < PASSKEY_OPTIONS_PER_NETWORK; i++)
      expect(await passkeySignInOptions(db, rp, null, "203.0.113.7", T0)).toMatchObject({ ok: true });
    expect(await passkeySignInOptions(db, rp, null, "203.0.113.7", T0)).toEqual({
      ok: false,
      retryAfterSeconds: 15 * 60,
    });
    expect(await passkeySignInOptions(db, rp, null, "198.51.100.2", T0)).toMatchObject({ ok: true });
    const stored = await db.selectFrom("auth_challenges").select("id").execute();
    expect(stored).toHaveLength(PASSKEY_OPTIONS_PER_NETWORK + 1);
  });

  it("keep at most a bounded number of unanswered challenges, the newest", async () => {
    const db = getDb();
    const rows = Array.from({ length: PASSKEY_CHALLENGES_KEPT + 50 }, (_, i) => ({
      id: `flood-${i}`,
      user_id: null,
      purpose: "passkey-sign-in",
      data: "{}",
      created_at: new Date(T0.getTime() - 60_000 + i).toISOString(),
      expires_at: new Date(T0.getTime() + 60_000).toISOString(),
    }));
    for (let i = 0; i < rows.length; i += 500)
      await db
        .insertInto("auth_challenges")
        .values(rows.slice(i, i + 500))
        .execute();
    const answer = await passkeySignInOptions(db, rp, null, "203.0.113.7", T0);
    if (!answer.ok) throw new Error("refused");
    const count = await db
      .selectFrom("auth_challenges")
      .select((eb) => eb.fn.countAll<string | number>().as("count"))
      .executeTakeFirstOrThrow();
    expect(Number(count.count)).toBe(PASSKEY_CHALLENGES_KEPT);
    expect(await findChallenge(db, answer.token, "passkey-sign-in", T0)).not.toBeNull();
  });
});
