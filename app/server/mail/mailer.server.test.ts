import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startLocalSmtp, type LocalSmtp } from "../../../tests/support/smtp";
import { createLogger } from "../logger.server";
import { createMailer } from "./mailer.server";

const silent = pino({ level: "silent" });

describe("mailer", () => {
  let smtp: LocalSmtp;
  beforeAll(async () => {
    smtp = await startLocalSmtp();
  });
  afterAll(async () => {
    await smtp.close();
  });

  it("delivers a message to the SMTP server it is configured with", async () => {
    const mailer = createMailer({ smtpUrl: smtp.url, from: "Roadbook <rides@example.org>" }, silent);
    expect(mailer.enabled).toBe(true);
    const sent = await mailer.send({
      to: "asha@example.org",
      subject: "Booking RB-7K3Q",
      text: "Your seat is booked.",
    });
    mailer.close();
    expect(sent).toBe(true);
    const mail = smtp.mails.at(-1)!;
    expect(mail.from).toBe("rides@example.org");
    expect(mail.to).toEqual(["asha@example.org"]);
    expect(mail.raw).toMatch(/^Subject: Booking RB-7K3Q$/m);
    expect(mail.raw).toContain("Your seat is booked.");
  });

  it("without SMTP_URL sends nothing and says so", async () => {
    const mailer = createMailer({ smtpUrl: undefined, from: "rides@example.org" }, silent);
    expect(mailer.enabled).toBe(false);
    expect(await mailer.send({ to: "asha@example.org", subject: "s", text: "t" })).toBe(false);
  });

  it("a server that refuses the connection costs a logged warning, not an exception, and no personal data in the log", async () => {
    const lines: string[] = [];
    const logger = pino({ level: "warn" }, { write: (line: string) => void lines.push(line) });
    const mailer = createMailer({ smtpUrl: "smtp://127.0.0.1:1", from: "rides@example.org" }, logger);
    expect(await mailer.send({ to: "asha@example.org", subject: "Booking RB-7K3Q", text: "+919812345678" })).toBe(
      false,
    );
    mailer.close();
    expect(lines.join("")).toContain("mail could not be sent");
    expect(lines.join("")).not.toContain("asha@example.org");
    expect(lines.join("")).not.toContain("+919812345678");
  });

  it("a recipient the server rejects is not named in the log, though the server's reply quotes the address", async () => {
    const rejecting = await startLocalSmtp({ rejects: (address) => address.startsWith("asha") });
    const lines: string[] = [];
    const logger = createLogger("info", false, { write: (line: string) => void lines.push(line) });
    const mailer = createMailer({ smtpUrl: rejecting.url, from: "rides@example.org" }, logger);
    try {
      expect(await mailer.send({ to: "asha.rao+rides@rider.example", subject: "Booking RB-7K3Q", text: "t" })).toBe(
        false,
      );
      expect(await mailer.send({ to: "Asha <asha@rider.example>", subject: "Invitation", text: "t" })).toBe(false);
    } finally {
      mailer.close();
      await rejecting.close();
    }
    expect(lines).toHaveLength(2);
    for (const line of lines) {
      const { msg, reason } = JSON.parse(line) as { msg: string; reason: string };
      expect(msg).toBe("mail could not be sent");
      // What the server said stays readable; only the address is gone.
      expect(reason).toMatch(/550 5\.1\.1 <\[email\]>: Recipient address rejected/);
    }
    expect(lines.join("")).not.toMatch(/asha|rider\.example/i);
  });
});
