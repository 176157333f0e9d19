import { describe, expect, it } from "vitest";
import { ConfigurationError, DEFAULT_MAIL_FROM, readEnv } from "../env.server";

describe("mail and retention configuration (decisions 020 and 021)", () => {
  it("sends no mail without SMTP_URL, and keeps riders' data 180 days after the ride by default", () => {
    const env = readEnv({});
    expect(env.mail).toEqual({ smtpUrl: undefined, from: DEFAULT_MAIL_FROM });
    expect(env.registrationRetentionDays).toBe(180);
  });

  it("reads SMTP_URL, MAIL_FROM and REGISTRATION_RETENTION_DAYS", () => {
    const env = readEnv({
      SMTP_URL: "smtps://user:secret@smtp.example.com:465",
      MAIL_FROM: "Hill Riders <rides@hillriders.in>",
      REGISTRATION_RETENTION_DAYS: "90",
    });
    expect(env.mail).toEqual({
      smtpUrl: "smtps://user:secret@smtp.example.com:465",
      from: "Hill Riders <rides@hillriders.in>",
    });
    expect(env.registrationRetentionDays).toBe(90);
  });

  it.each([
    [{ SMTP_URL: "http://smtp.example.com" }, "SMTP_URL must be an smtp:// or smtps:// URL"],
    [{ REGISTRATION_RETENTION_DAYS: "0" }, "REGISTRATION_RETENTION_DAYS must be a whole number of days from 1 to 3650"],
    [
      { REGISTRATION_RETENTION_DAYS: "1.5" },
      "REGISTRATION_RETENTION_DAYS must be a whole number of days from 1 to 3650",
    ],
    [
      { REGISTRATION_RETENTION_DAYS: "forever" },
      "REGISTRATION_RETENTION_DAYS must be a whole number of days from 1 to 3650",
    ],
  ])("refuses %j with a readable message", (source, message) => {
    expect(() => readEnv(source)).toThrow(ConfigurationError);
    expect(() => readEnv(source)).toThrow(message);
  });
});
