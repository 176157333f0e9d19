import { describe, expect, test } from "vitest";
import { isDatabaseUnavailableError, reportDatabaseFailure, trackDatabaseFailures } from "./failures.server";

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe("isDatabaseUnavailableError", () => {
  test("connection failures, shutdowns, overload and time-outs mean the database is unavailable", () => {
    for (const error of [
      withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED"),
      withCode("read ECONNRESET", "ECONNRESET"),
      withCode("terminating connection due to administrator command", "57P01"),
      withCode("the database system is starting up", "57P03"),
      withCode("canceling statement due to statement timeout", "57014"),
      withCode("connection failure", "08006"),
      withCode("sorry, too many clients already", "53300"),
      new Error("Connection terminated unexpectedly"),
      new Error("timeout exceeded when trying to connect"),
    ]) {
      expect({ message: error.message, unavailable: isDatabaseUnavailableError(error) }).toEqual({
        message: error.message,
        unavailable: true,
      });
    }
  });

  test("a wrong statement or a broken rule is not an outage", () => {
    expect(
      isDatabaseUnavailableError(withCode('duplicate key value violates unique constraint "users_email"', "23505")),
    ).toBe(false);
    expect(isDatabaseUnavailableError(withCode('relation "ridez" does not exist', "42P01"))).toBe(false);
    expect(isDatabaseUnavailableError(new Error("Invalid ride"))).toBe(false);
    expect(isDatabaseUnavailableError("ECONNREFUSED")).toBe(false);
  });
});

describe("trackDatabaseFailures", () => {
  test("records failures reported while the work runs, in that work's scope only", async () => {
    const quiet = trackDatabaseFailures(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    const failing = trackDatabaseFailures(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      reportDatabaseFailure(withCode("read ECONNRESET", "ECONNRESET"));
    });
    const broken = trackDatabaseFailures(async () => reportDatabaseFailure(withCode("duplicate key", "23505")));
    await Promise.all([quiet.result, failing.result, broken.result]);
    expect(quiet.failures).toEqual({ failed: false, unavailable: false });
    expect(failing.failures).toEqual({ failed: true, unavailable: true });
    expect(broken.failures).toEqual({ failed: true, unavailable: false });
  });

  test("a failure outside any request is ignored", () => {
    expect(() => reportDatabaseFailure(new Error("Connection terminated unexpectedly"))).not.toThrow();
  });
});
