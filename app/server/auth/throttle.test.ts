import { describe, expect, it } from "vitest";
import { describeEachEngine } from "../../../tests/support/databases";
import {
  LOGIN_THROTTLE,
  accountDelayMs,
  beginAttempt,
  beginSignInAttempt,
  clearAttempts,
  clientNetwork,
  forgetAttempt,
  throttleKeys,
  tooManyAttemptsMessage,
} from "./throttle.server";

const T0 = new Date("2026-11-22T10:00:00.000Z");
const later = (ms: number) => new Date(T0.getTime() + ms);
const SECOND = 1000;

describe("throttle keys", () => {
  it("count an account by its normalised email and a client by its network", () => {
    expect(throttleKeys("  Boss@Example.COM ", "203.0.113.9")).toEqual({
      account: "account:boss@example.com",
      network: "ip:203.0.113.9",
    });
  });

  it("count IPv4-mapped addresses as IPv4 and IPv6 clients by their /64", () => {
    expect(clientNetwork("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(clientNetwork("2001:db8:0:1:aaaa::1")).toBe("2001:db8:0:1::/64");
    expect(clientNetwork("2001:db8:0:1:ffff:ffff:ffff:ffff")).toBe("2001:db8:0:1::/64");
    expect(clientNetwork("2001:DB8::1")).toBe("2001:db8:0:0::/64");
    expect(clientNetwork("::1")).toBe("0:0:0:0::/64");
  });

  it("the refusal says how long to wait, in whole minutes", () => {
    expect(tooManyAttemptsMessage(15 * 60)).toBe("Too many sign-in attempts. Please try again in 15 minutes.");
    expect(tooManyAttemptsMessage(61)).toBe("Too many sign-in attempts. Please try again in 2 minutes.");
    expect(tooManyAttemptsMessage(5)).toBe("Too many sign-in attempts. Please try again in 1 minute.");
  });
});

describe("an account's delays", () => {
  it("five failures are free, then a minute, doubling with each failure, never more than fifteen minutes", () => {
    expect([0, 4, 5, 6, 7, 8, 9, 20].map((failures) => accountDelayMs(failures) / 60_000)).toEqual([
      0, 0, 1, 2, 4, 8, 15, 15,
    ]);
  });
});

describeEachEngine("sign-in throttle", (getDb) => {
  const keysOf = (account: string, network = "ip:203.0.113.9") => ({ account: `account:${account}`, network });

  async function fail(keys: { account: string; network: string }, at: Date) {
    const verdict = await beginSignInAttempt(getDb(), keys, at);
    expect(verdict.allowed).toBe(true);
  }

  it("an account fails five times freely, then waits a minute, then two: the delays grow", async () => {
    const keys = keysOf("a@roadbook.test");
    for (let i = 0; i < LOGIN_THROTTLE.maxFailures; i++) await fail(keys, later(i * SECOND));
    const last = 4 * SECOND;
    expect(await beginSignInAttempt(getDb(), keys, later(last + 10 * SECOND))).toEqual({
      allowed: false,
      retryAfterSeconds: 50,
    });
    // Refusals do not extend the wait; after it, one more try, and the next wait is longer.
    await fail(keys, later(last + 60 * SECOND));
    expect(await beginSignInAttempt(getDb(), keys, later(last + 61 * SECOND))).toEqual({
      allowed: false,
      retryAfterSeconds: 119,
    });
  });

  it("one account's failures never block another account on the same network", async () => {
    for (let i = 0; i < 12; i++) await beginSignInAttempt(getDb(), keysOf("victim@roadbook.test"), later(i * SECOND));
    expect((await beginSignInAttempt(getDb(), keysOf("colleague@roadbook.test"), later(13 * SECOND))).allowed).toBe(
      true,
    );
  });

  it("a network is stopped only by spraying: 100 failures across accounts in the window", async () => {
    for (let i = 0; i < LOGIN_THROTTLE.networkFailures; i++)
      await fail(keysOf(`user${i}@roadbook.test`), later(i * SECOND));
    const verdict = await beginSignInAttempt(getDb(), keysOf("fresh@roadbook.test"), later(100 * SECOND));
    expect(verdict).toEqual({ allowed: false, retryAfterSeconds: 15 * 60 - 100 });
    const elsewhere = await beginSignInAttempt(
      getDb(),
      keysOf("fresh@roadbook.test", "ip:198.51.100.1"),
      later(100 * SECOND),
    );
    expect(elsewhere.allowed).toBe(true);
  });

  it("a burst of parallel guesses lets only a few through", async () => {
    const keys = keysOf("burst@roadbook.test");
    const verdicts = await Promise.all(Array.from({ length: 12 }, () => beginSignInAttempt(getDb(), keys, T0)));
    expect(verdicts.filter((verdict) => verdict.allowed).length).toBeLessThanOrEqual(LOGIN_THROTTLE.maxFailures);
  });

  it("an attempt taken back does not count; clearing resets an account", async () => {
    const keys = keysOf("b@roadbook.test");
    for (let i = 0; i < 10; i++) {
      const verdict = await beginSignInAttempt(getDb(), keys, later(i * SECOND));
      if (!verdict.allowed) throw new Error("refused");
      await forgetAttempt(getDb(), verdict.attempt);
    }
    for (let i = 0; i < LOGIN_THROTTLE.maxFailures; i++) await fail(keys, later(20 * SECOND));
    await clearAttempts(getDb(), keys.account);
    expect((await beginSignInAttempt(getDb(), keys, later(21 * SECOND))).allowed).toBe(true);
  });

  it("forgets attempts older than the window", async () => {
    await fail(keysOf("c@roadbook.test"), T0);
    await fail(keysOf("d@roadbook.test"), later(LOGIN_THROTTLE.windowMs + SECOND));
    const rows = await getDb().selectFrom("login_attempts").select("key").orderBy("key").execute();
    expect(rows.map((row) => row.key)).toEqual(["account:d@roadbook.test", "ip:203.0.113.9"]);
  });
});

describeEachEngine("counted attempts (registrations)", (getDb) => {
  it("allows `limit` attempts in the window and refuses the next until the oldest leaves it", async () => {
    const keys = ["register:203.0.113.9"];
    for (let i = 0; i < 3; i++) expect((await beginAttempt(getDb(), keys, later(i * SECOND), 3)).allowed).toBe(true);
    expect(await beginAttempt(getDb(), keys, later(10 * SECOND), 3)).toEqual({
      allowed: false,
      retryAfterSeconds: 15 * 60 - 10,
    });
    expect((await beginAttempt(getDb(), keys, later(LOGIN_THROTTLE.windowMs + 1), 3)).allowed).toBe(true);
  });
});
