import pino from "pino";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../../../../tests/support/databases";
import { rideInput } from "../../../../tests/support/fixtures";
import { registerRider, riderForm } from "../../../../tests/support/registration-fixtures";
import { type LocalSmtp, startLocalSmtp } from "../../../../tests/support/smtp";
import {
  decryptPush,
  fakeBrowser,
  type LocalPushService,
  startLocalPushService,
} from "../../../../tests/support/push-service";
import webpush from "web-push";
import { attachDispatcher, dispatcherFor } from "~/server/commands/command.server";
import { createDispatcher } from "~/server/outbox/dispatcher.server";
import type { Database } from "~/server/db/schema.server";
import { createMailer } from "~/server/mail/mailer.server";
import { openOutbox } from "~/server/outbox/start-outbox.server";
import { cancelByToken, eraseByToken } from "~/server/registrations/cancel.server";
import { setPayment } from "~/server/registrations/admin-changes.server";
import { setRemindersByToken } from "~/server/registrations/rider-changes.server";
import { setBookingLinkSecret } from "~/server/registrations/link-seal.server";
import { createRide } from "~/server/rides/rides.server";
import { NO_RECIPIENTS, previewBroadcast, sendBroadcast } from "./broadcast.server";
import { markWhatsappTapped, resendDelivery } from "./delivery-commands.server";
import { deliverRiderMessage, pushSender, riderMessageDelivery } from "./deliver.server";
import { rideMessages, updatesFor } from "./queries.server";

// A broadcast reaches each targeted rider's Updates list, mailbox and WhatsApp queue, and no one
// else's; its copies carry the rider's own name and private link; an erased rider's copies go.

const ADMIN = { id: null, email: "captain@example.com" };
const ORIGIN = "https://roadbook.test";
const NOW = new Date("2027-01-10T10:00:00Z");

let smtp: LocalSmtp;
let pushService: LocalPushService;
const PUSH = { ...webpush.generateVAPIDKeys(), subject: "mailto:rides@example.org" };
beforeAll(async () => {
  smtp = await startLocalSmtp();
  pushService = await startLocalPushService();
  setBookingLinkSecret("a test secret of enough length for the seal", pino({ level: "silent" }));
});
afterAll(async () => {
  await smtp.close();
  await pushService.close();
});

function deliverMail(db: Database): void {
  const logger = pino({ level: "silent" });
  openOutbox({
    db,
    mailer: createMailer({ smtpUrl: smtp.url, from: "Roadbook <rides@roadbook.test>" }, logger),
    logger,
  });
}

let n = 0;
/** A ride with two seats: Asha and Bela confirmed (Bela paid), Chitra waitlisted. */
async function rideWithRiders(db: Database) {
  const ride = await createRide(
    db,
    rideInput({ title: `Zanskar ${++n}`, registration: { mode: "site", seats: 2, waitlist: true } }),
  );
  const base = (n += 10) * 10;
  const rider = (k: number, name: string) =>
    registerRider(
      db,
      ride.id,
      riderForm(base + k, { name, email: `${name.split(" ")[0]!.toLowerCase()}-${base}@example.com` }),
      NOW,
    );
  const asha = await rider(1, "Asha Rao");
  const bela = await rider(2, "Bela Das");
  const chitra = await rider(3, "Chitra Sen");
  await setPayment(db, bela.registration.id, "paid", { actor: ADMIN });
  return { ride, asha, bela, chitra, base };
}

const mailsTo = (address: string) => smtp.mails.filter((mail) => mail.to.includes(address));
const decoded = (raw: string) =>
  raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const BROADCAST = {
  subject: "Kit check",
  body: "Bring your riding boots.",
  statuses: ["confirmed"],
  payment: "",
  checkIn: "",
};

describeEachEngine("broadcasts to a ride's riders", (getDb) => {
  it("reach the targeted riders on every channel they have, each with their own name and link, and no one else", async () => {
    const db = getDb();
    deliverMail(db);
    const { ride, asha, bela, chitra } = await rideWithRiders(db);
    const sent = await sendBroadcast(db, ride.id, BROADCAST, { actor: ADMIN, origin: ORIGIN });
    expect(sent).toEqual({ ok: true, recipients: 2, audience: "confirmed riders" });
    await dispatcherFor(db).settled();

    for (const { token, registration } of [asha, bela]) {
      expect((await updatesFor(db, registration.id)).map((update) => update.subject)).toContain("Kit check");
      const mail = mailsTo(registration.email).find((m) => decoded(m.raw).includes("riding boots"));
      const text = decoded(mail!.raw);
      expect(text).toContain(`Hi ${registration.name.split(" ")[0]},`);
      expect(text).toContain(`${ORIGIN}/booking/${token}`);
    }
    expect((await updatesFor(db, chitra.registration.id)).map((update) => update.subject)).not.toContain("Kit check");
    expect(mailsTo(chitra.registration.email).filter((m) => decoded(m.raw).includes("riding boots"))).toHaveLength(0);

    const [message] = await rideMessages(db, ride);
    expect(message!.counts).toEqual({ "email:sent": 2, "whatsapp:queued": 2 });
    const ashaWhatsapp = message!.deliveries.find(
      (d) => d.channel === "whatsapp" && d.reference === asha.registration.reference,
    )!;
    const url = new URL(ashaWhatsapp.href!);
    expect(url.host).toBe("wa.me");
    expect(url.searchParams.get("text")).toContain(`${ORIGIN}/booking/${asha.token}`);
    expect(url.searchParams.get("text")).not.toContain(bela.token);
    // The same copy as the mail: the way back to a lost link too.
    expect(url.searchParams.get("text")).toContain(`Lost this link? Find your booking at ${ORIGIN}/booking`);
  });

  it("choose riders by payment, and refuse an audience of no one, writing nothing", async () => {
    const db = getDb();
    const { ride, bela } = await rideWithRiders(db);
    const preview = await previewBroadcast(db, ride.id, { ...BROADCAST, payment: "paid" });
    expect(preview).toMatchObject({
      ok: true,
      recipients: 1,
      audience: "confirmed riders who have paid the booking amount",
    });
    expect(preview.ok && preview.text).toContain("Hi Bela,");

    const none = await sendBroadcast(db, ride.id, { ...BROADCAST, checkIn: "in" }, { actor: ADMIN, origin: ORIGIN });
    expect(none).toEqual({ ok: false, errors: { statuses: NO_RECIPIENTS } });
    expect(await rideMessages(db, ride)).toEqual([]);
    expect(await updatesFor(db, bela.registration.id)).toHaveLength(1); // "You are registered" only
  });

  it.each([
    [{ ...BROADCAST, subject: "" }, "subject"],
    [{ ...BROADCAST, body: "  " }, "body"],
    [{ ...BROADCAST, statuses: [] }, "statuses"],
    [{ ...BROADCAST, statuses: ["cancelled"] }, "statuses"],
    [{ ...BROADCAST, payment: "maybe" }, "payment"],
    [{ ...BROADCAST, body: "x".repeat(4001) }, "body"],
  ])("refuse bad input with its field's message (%#)", async (input, field) => {
    const db = getDb();
    const { ride } = await rideWithRiders(db);
    const sent = await sendBroadcast(db, ride.id, input, { actor: ADMIN, origin: ORIGIN });
    expect(sent.ok).toBe(false);
    expect(Object.keys(!sent.ok ? sent.errors : {})).toEqual([field]);
    expect(await rideMessages(db, ride)).toEqual([]);
  });

  it("skip a rider who cancelled before delivery, keep reminders off a rider who said so, and forget an erased rider", async () => {
    const db = getDb();
    const { ride, asha, bela } = await rideWithRiders(db);
    // A dispatcher that sends no mail, holding no claim: the copies wait in the outbox.
    attachDispatcher(db, createDispatcher({ db, deliveries: {}, leaseMs: 0 }));
    await sendBroadcast(db, ride.id, BROADCAST, { actor: ADMIN, origin: ORIGIN });
    await cancelByToken(db, asha.token);
    deliverMail(db);
    await dispatcherFor(db).deliverDue();
    const [message] = await rideMessages(db, ride);
    const ashaEmail = message!.deliveries.find(
      (d) => d.channel === "email" && d.reference === asha.registration.reference,
    );
    expect(ashaEmail).toMatchObject({ status: "skipped", error: "The rider's booking is cancelled" });
    expect(mailsTo(asha.registration.email).filter((m) => decoded(m.raw).includes("riding boots"))).toHaveLength(0);

    await setRemindersByToken(db, bela.token, false);
    const trail = await db
      .selectFrom("audit_log")
      .select("summary")
      .where("record_id", "=", bela.registration.id)
      .execute();
    expect(trail.map((row) => row.summary)).toContainEqual(expect.stringMatching(/turned reminders off$/));
    await eraseByToken(db, bela.token);
    expect(await updatesFor(db, bela.registration.id)).toEqual([]);
    const after = await rideMessages(db, ride);
    expect(after[0]!.deliveries.some((d) => d.reference === bela.registration.reference)).toBe(false);
  });

  it("skip a rider who cancelled after their batch was read, once the read is old, and mark the others sent", async () => {
    const db = getDb();
    const { ride, asha, bela } = await rideWithRiders(db);
    attachDispatcher(db, createDispatcher({ db, deliveries: {}, leaseMs: 0 }));
    await sendBroadcast(db, ride.id, BROADCAST, { actor: ADMIN, origin: ORIGIN });
    const emails = (await rideMessages(db, ride))[0]!.deliveries.filter((d) => d.channel === "email");
    const idOf = (rider: typeof asha) => emails.find((d) => d.reference === rider.registration.reference)!.id;
    const sent: string[] = [];
    let now = NOW;
    const delivery = riderMessageDelivery(
      db,
      { email: async ({ to }) => (sent.push(to.email), { status: "sent" }) },
      () => now,
    );
    delivery.prepare!(emails.map((d) => ({ kind: "rider-message", deliveryId: d.id })));
    await cancelByToken(db, asha.token);
    const belaSent = await delivery.deliver({ kind: "rider-message", deliveryId: idOf(bela) }, { id: "entry" });
    // Asha's copy waited past the read's freshness: read again, she cancelled, so none.
    now = new Date(NOW.getTime() + 3_000);
    expect(await delivery.deliver({ kind: "rider-message", deliveryId: idOf(asha) }, { id: "entry" })).toBeUndefined();
    expect(sent).toEqual([bela.registration.email]);
    await db.transaction().execute((trx) => delivery.record!(trx, [belaSent], now));
    const statuses = (await rideMessages(db, ride))[0]!.deliveries
      .filter((d) => d.channel === "email")
      .map((d) => [d.reference, d.status]);
    expect(Object.fromEntries(statuses)).toEqual({
      [asha.registration.reference]: "skipped",
      [bela.registration.reference]: "sent",
    });
  });

  it("send a copy again on resend, and tick off a WhatsApp copy; another ride's delivery is not found", async () => {
    const db = getDb();
    deliverMail(db);
    const { ride, asha } = await rideWithRiders(db);
    const other = await rideWithRiders(db);
    await sendBroadcast(db, ride.id, BROADCAST, { actor: ADMIN, origin: ORIGIN });
    await dispatcherFor(db).settled();
    const [message] = await rideMessages(db, ride);
    const email = message!.deliveries.find(
      (d) => d.channel === "email" && d.reference === asha.registration.reference,
    )!;
    const whatsapp = message!.deliveries.find(
      (d) => d.channel === "whatsapp" && d.reference === asha.registration.reference,
    )!;

    expect(await resendDelivery(db, other.ride.id, email.id, ADMIN)).toMatchObject({ ok: false, status: 404 });
    expect(await resendDelivery(db, ride.id, email.id, ADMIN)).toMatchObject({ ok: true });
    await dispatcherFor(db).settled();
    expect(mailsTo(asha.registration.email).filter((m) => decoded(m.raw).includes("riding boots"))).toHaveLength(2);

    expect(await markWhatsappTapped(db, ride.id, whatsapp.id, ADMIN)).toMatchObject({ ok: true });
    const [after] = await rideMessages(db, ride);
    expect(after!.counts["whatsapp:tapped"]).toBe(1);
    const trail = await db.selectFrom("audit_log").select("summary").where("record_id", "=", whatsapp.id).execute();
    expect(trail.map((row) => row.summary)).toEqual([
      `Opened "${BROADCAST.subject}" in WhatsApp for booking ${asha.registration.reference}`,
    ]);
  });

  it("reach a rider's phone when they turned updates on, and only theirs", async () => {
    const db = getDb();
    attachDispatcher(db, createDispatcher({ db, deliveries: {}, leaseMs: 0 }));
    const { ride, asha, bela } = await rideWithRiders(db);
    const browser = fakeBrowser();
    const endpoint = `${pushService.origin}/ok/${asha.registration.id}`;
    await db
      .insertInto("push_subscriptions")
      .values({
        id: crypto.randomUUID(),
        registration_id: asha.registration.id,
        endpoint,
        ...browser.keys,
        created_at: NOW.toISOString(),
      })
      .execute();
    await sendBroadcast(db, ride.id, BROADCAST, { actor: ADMIN, origin: ORIGIN });
    const [message] = await rideMessages(db, ride);
    const pushes = message!.deliveries.filter((d) => d.channel === "push");
    expect(pushes.map((d) => d.reference)).toEqual([asha.registration.reference]);
    expect(message!.deliveries.some((d) => d.reference === bela.registration.reference && d.channel === "push")).toBe(
      false,
    );

    const senders = { push: pushSender(db, PUSH, { agent: pushService.agent }) };
    await deliverRiderMessage(db, senders, pushes[0]!.id, () => NOW);
    const received = pushService.received.find((push) => endpoint.endsWith(push.path))!;
    expect(decryptPush(received.body, browser)).toEqual({
      title: `Kit check — ${ride.title}`,
      body: "Bring your riding boots.",
      url: `${ORIGIN}/booking/${asha.token}`,
    });
    const [after] = await rideMessages(db, ride);
    expect(after!.counts["push:sent"]).toBe(1);
  });
});
