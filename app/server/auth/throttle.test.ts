import { describe, expect, it } from "vitest";
import { describeEachEngine } from "../../../tests/support/databases";
import {
  LOGIN_THROTTLE,
  beginAttempt,
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

describeEachEngine("login throttle", (getDb) => {
  async function fail(keys: string[], at: Date) {
    const verdict = await beginAttempt(getDb(), keys, at);
    expect(verdict.allowed).toBe(true);
  }

  it("allows five failures for an account within 15 minutes, refuses the sixth until the window passes", async () => {
    const keys = ["account:a@roadbook.test"];
    for (let i = 0; i < LOGIN_THROTTLE.maxFailures; i++) await fail(keys, later(i * SECOND));
    const refused = await beginAttempt(getDb(), keys, later(10 * SECOND));
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 15 * 60 - 10 });
    // Refusals do not extend the wait: just after the oldest failure leaves the window, one more try.
    expect((await beginAttempt(getDb(), keys, later(LOGIN_THROTTLE.windowMs + 1))).allowed).toBe(true);
  });

  it("counts one client network across accounts (password spraying)", async () => {
    for (let i = 0; i < LOGIN_THROTTLE.maxFailures; i++)
      await fail([`account:user${i}@roadbook.test`, "ip:203.0.113.9"], later(i * SECOND));
    const verdict = await beginAttempt(getDb(), ["account:fresh@roadbook.test", "ip:203.0.113.9"], later(10 * SECOND));
    expect(verdict.allowed).toBe(false);
    const elsewhere = await beginAttempt(
      getDb(),
      ["account:fresh@roadbook.test", "ip:198.51.100.1"],
      later(10 * SECOND),
    );
    expect(elsewhere.allowed).toBe(true);
  });

  it("a burst of parallel guesses lets at most five through", async () => {
    const keys = ["account:burst@roadbook.test"];
    const verdicts = await Promise.all(Array.from({ length: 12 }, () => beginAttempt(getDb(), keys, T0)));
    expect(verdicts.filter((verdict) => verdict.allowed).length).toBeLessThanOrEqual(LOGIN_THROTTLE.maxFailures);
  });

  it("an attempt taken back does not count; clearing resets an account", async () => {
    const keys = ["account:b@roadbook.test"];
    for (let i = 0; i < 10; i++) {
      const verdict = await beginAttempt(getDb(), keys, later(i * SECOND));
      if (!verdict.allowed) throw new Error("refused");
      await forgetAttempt(getDb(), verdict.attempt);
    }
    for (let i = 0; i < LOGIN_THROTTLE.maxFailures; i++) await fail(keys, later(20 * SECOND));
    await clearAttempts(getDb(), keys[0]!);
    expect((await beginAttempt(getDb(), keys, later(21 * SECOND))).allowed).toBe(true);
  });

  it("forgets attempts older than the window", async () => {
    await fail(["account:c@roadbook.test"], T0);
    await fail(["account:d@roadbook.test"], later(LOGIN_THROTTLE.windowMs + SECOND));
    const rows = await getDb().selectFrom("login_attempts").select("key").execute();
    expect(rows.map((row) => row.key)).toEqual(["account:d@roadbook.test"]);
  });
});
