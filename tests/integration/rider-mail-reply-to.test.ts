import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { dispatcherFor } from "~/server/commands/command.server";
import { saveConfig } from "~/server/content/config.server";
import type { Database } from "~/server/db/schema.server";
import { createMailer } from "~/server/mail/mailer.server";
import { openOutbox } from "~/server/outbox/start-outbox.server";
import { sendBroadcast } from "~/features/rider-messages/server/broadcast.server";
import { describeEachEngine } from "../support/databases";
import { configInput, siteRide } from "../support/fixtures";
import { registerRider, riderForm } from "../support/registration-fixtures";
import { type LocalSmtp, startLocalSmtp } from "../support/smtp";

// Riders' mail says "reply" (issue 34): its Reply-To is MAIL_REPLY_TO, else the contact email
// the admins keep on the Contact page, read when each mail is sent; with neither, none.

const ADMIN = { id: null, email: "captain@example.com" };

let smtp: LocalSmtp;
beforeAll(async () => {
  smtp = await startLocalSmtp();
});
afterAll(() => smtp.close());

/** The server's outbox on `db`, mailing to the local SMTP server, with MAIL_REPLY_TO when given. */
function deliverMail(db: Database, replyTo?: string): void {
  const logger = pino({ level: "silent" });
  const mailer = createMailer({ smtpUrl: smtp.url, from: "Roadbook <no-reply@roadbook.test>", replyTo }, logger);
  openOutbox({ db, mailer, logger });
}

const contact = (email: string) => configInput({ company: { ...(configInput().company as object), email } });

let n = 0;
/** A rider registered (with an email of their own) on a new ride, and every mail sent. */
async function registered(db: Database) {
  const ride = await siteRide(db, { seats: 5 }, { title: `Spiti ${++n}` });
  const email = `reply-to-${(n += 10)}@example.com`;
  const { registration } = await registerRider(db, ride.id, riderForm(n, { email }));
  await dispatcherFor(db).settled();
  return { ride, registration, email };
}

/** The Reply-To headers of the mails to `address`, in the order they were received. */
const replyTosOf = (address: string) =>
  smtp.mails
    .filter((mail) => mail.to.includes(address))
    .map((mail) => /^Reply-To: *(.*)$/im.exec(mail.raw.split(/\r?\n\r?\n/)[0]!)?.[1]?.trim() ?? null);

describeEachEngine("the Reply-To of riders' mail", (getDb) => {
  it("is the site's contact email without MAIL_REPLY_TO, as it is when each mail is sent", async () => {
    const db = getDb();
    deliverMail(db);
    await saveConfig(db, contact("rides@hillriders.in"));
    const { ride, email } = await registered(db);
    // The contact email changes: the next mail goes out with the new one.
    await saveConfig(db, contact("trips@hillriders.in"));
    await sendBroadcast(
      db,
      ride.id,
      { subject: "Kit check", body: "Bring your boots.", statuses: ["confirmed"], payment: "", checkIn: "" },
      { actor: ADMIN, origin: "https://roadbook.test" },
    );
    await dispatcherFor(db).settled();
    expect(replyTosOf(email)).toEqual(["rides@hillriders.in", "trips@hillriders.in"]);
  });

  it("is MAIL_REPLY_TO when it is set, over the contact email", async () => {
    const db = getDb();
    deliverMail(db, "organisers@hillriders.in");
    await saveConfig(db, contact("rides@hillriders.in"));
    const { email } = await registered(db);
    expect(replyTosOf(email)).toEqual(["organisers@hillriders.in"]);
  });

  it("is absent with neither: no contact details saved (never the demo fallback's address), no MAIL_REPLY_TO", async () => {
    const db = getDb();
    deliverMail(db);
    const { email } = await registered(db);
    expect(replyTosOf(email)).toEqual([null]);
    // A contact page saved without an email gives none either.
    await saveConfig(db, contact(""));
    const again = await registered(db);
    expect(replyTosOf(again.email)).toEqual([null]);
  });
});
