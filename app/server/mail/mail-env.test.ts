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

  it("sends as the site's own domain and with the organisers' Reply-To, never as no-reply@localhost in production", () => {
    const env = readEnv({
      NODE_ENV: "production",
      SMTP_URL: "smtp://smtp.example.com",
      PUBLIC_URL: "https://hillriders.in/",
      MAIL_REPLY_TO: "rides@hillriders.in",
    });
    expect(env.mail).toEqual({
      smtpUrl: "smtp://smtp.example.com",
      from: "Roadbook <no-reply@hillriders.in>",
      replyTo: "rides@hillriders.in",
    });
    // MAIL_FROM, when set, is the sender.
    expect(
      readEnv({
        NODE_ENV: "production",
        PUBLIC_URL: "https://hillriders.in/",
        MAIL_FROM: "Hill Riders <rides@hillriders.in>",
      }).mail.from,
    ).toBe("Hill Riders <rides@hillriders.in>");
  });

  it.each([
    [{ MAIL_REPLY_TO: "the organisers" }, "MAIL_REPLY_TO must be an email address"],
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
