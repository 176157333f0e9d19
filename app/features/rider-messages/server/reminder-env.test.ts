import { describe, expect, it } from "vitest";
import { ConfigurationError, readEnv } from "~/server/env.server";

describe("reminder poll and change-notice delay (docs/deploy.md)", () => {
  it("poll every minute and tell changes 15 minutes after the first edit by default, else as set", () => {
    expect(readEnv({})).toMatchObject({ reminderPollMs: 60_000, changeNoticeDelayMs: 900_000 });
    expect(readEnv({ REMINDER_POLL_SECONDS: "1", CHANGE_NOTICE_DELAY_SECONDS: "0" })).toMatchObject({
      reminderPollMs: 1000,
      changeNoticeDelayMs: 0,
    });
  });

  it.each([
    [{ REMINDER_POLL_SECONDS: "0" }, "REMINDER_POLL_SECONDS must be a whole number of seconds from 1 to 3600"],
    [{ REMINDER_POLL_SECONDS: "soon" }, "REMINDER_POLL_SECONDS must be a whole number of seconds from 1 to 3600"],
    [
      { CHANGE_NOTICE_DELAY_SECONDS: "-1" },
      "CHANGE_NOTICE_DELAY_SECONDS must be a whole number of seconds from 0 to 86400",
    ],
  ])("refuse %j with a readable message", (source, message) => {
    expect(() => readEnv(source)).toThrow(ConfigurationError);
    expect(() => readEnv(source)).toThrow(message);
  });
});
