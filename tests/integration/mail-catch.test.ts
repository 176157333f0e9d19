import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createMailer } from "~/server/mail/mailer.server";
import { readMail } from "../support/mail-text";
import { type LocalSmtp, type ReceivedMail, startLocalSmtp } from "../support/smtp";

// `npm run mail:catch` prints what the site's mailer sends as a person reads it: the subject and
// the text, whatever encoding nodemailer chose for them.

let smtp: LocalSmtp;
const heard: ReceivedMail[] = [];
beforeAll(async () => {
  smtp = await startLocalSmtp({ onMail: (mail) => heard.push(mail) });
});
afterAll(async () => {
  await smtp.close();
});

it("reads the subject and text of the site's mails, plain or with an HTML part and non-ASCII text", async () => {
  const mailer = createMailer({ smtpUrl: smtp.url, from: "Roadbook <rides@roadbook.test>" }, pino({ level: "silent" }));
  const link = `https://rides.example/me/link/${"x".repeat(43)}`;
  const long = `Your booking amount is ₹15,000 — pay it by UPI from your booking page. ${"More words. ".repeat(12)}`;
  await mailer.send({ to: "asha@example.com", subject: "Your sign-in link — Roadbook", text: `Hello,\n\n${link}\n` });
  await mailer.send({ to: "bela@example.com", subject: "Plain subject", text: long, html: `<p>${long}</p>` });

  mailer.close();

  expect(heard.map((mail) => mail.to)).toEqual([["asha@example.com"], ["bela@example.com"]]);
  expect(readMail(heard[0]!.raw)).toEqual({ subject: "Your sign-in link — Roadbook", text: `Hello,\n\n${link}\n` });
  const second = readMail(heard[1]!.raw);
  expect(second.subject).toBe("Plain subject");
  expect(second.text).toBe(long);
});
