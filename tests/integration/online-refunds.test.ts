import { createHmac } from "node:crypto";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { dispatcherFor } from "~/server/commands/command.server";
import type { Database } from "~/server/db/schema.server";
import { createMailer } from "~/server/mail/mailer.server";
import { openOutbox } from "~/server/outbox/start-outbox.server";
import type { OnlinePaymentMethod } from "~/server/payments/methods.server";
import { sendRefund } from "~/server/payments/online/send-refund.server";
import { createRazorpayClient } from "~/server/payments/razorpay/client.server";
import { describeEachEngine } from "../support/databases";
import { duesOfRegistration } from "../support/dues";
import { siteRide } from "../support/fixtures";
import { readMail } from "../support/mail-text";
import { silentLogger, standInMethod, webhookEndpoint } from "../support/online-payments";
import { type RazorpayStandIn, startRazorpayStandIn } from "../support/razorpay-standin";
import { claimRefund, refundRows } from "../support/refunds";
import { registerRider, riderForm } from "../support/registration-fixtures";
import { type LocalSmtp, startLocalSmtp } from "../support/smtp";

// Online refunds (docs/features/refunds.md) against the Razorpay stand-in: a claimed refund sent
// once whatever is lost on the way, then settled by Razorpay's signed webhook, once: processed is
// confirmed; failed is voided and given as credit, and the rider told.

const NOW = new Date("2027-05-01T06:00:00Z");
const ORIGIN = "http://roadbook.test";
const BOOKING = 1_000_000;

let smtp: LocalSmtp;
let standIn: RazorpayStandIn;
let method: OnlinePaymentMethod;
let endpoint: { url: string; close(): Promise<void> };
let currentDb: Database | undefined;
const withOutbox = new WeakSet<Database>();

beforeAll(async () => {
  smtp = await startLocalSmtp();
  standIn = await startRazorpayStandIn();
  method = standInMethod(standIn);
  endpoint = await webhookEndpoint(
    () => currentDb,
    () => method,
    () => NOW,
  );
  standIn.webhook.url = endpoint.url;
});
afterAll(async () => {
  await endpoint.close();
  await standIn.close();
  await smtp.close();
});
beforeEach(() => {
  standIn.webhook.hold = false;
  standIn.faults.lostRefundAnswers = 0;
});
afterEach(() => {
  currentDb = undefined;
});

/** A booking whose booking amount was paid online; the outbox delivered as the server does. */
async function paidBooking(db: Database, n: number) {
  currentDb = db;
  if (!withOutbox.has(db)) {
    withOutbox.add(db);
    const mailer = createMailer({ smtpUrl: smtp.url, from: "Roadbook <rides@roadbook.test>" }, silentLogger);
    openOutbox({
      db,
      mailer,
      logger: silentLogger,
      origin: ORIGIN,
      razorpay: { keyId: standIn.keyId, keySecret: standIn.keySecret, webhookSecrets: [], apiUrl: standIn.apiUrl },
    });
  }
  const ride = await siteRide(db, { seats: 20 });
  const email = `refund${n}-${Math.random().toString(36).slice(2)}@example.com`;
  const { registration, token } = await registerRider(db, ride.id, riderForm(n, { email }), NOW);
  const checkout = await method.start(db, registration, `${ORIGIN}/booking/${token}`, NOW);
  const { payment } = await standIn.pay(new URL(checkout).pathname.split("/").at(-1)!, BOOKING);
  return { registration, email, payment };
}

/** The stand-in's refunds of a payment. */
const refundsOf = (paymentId: string) => standIn.refunds().filter((refund) => refund.payment_id === paymentId);

const mailsTo = (email: string) =>
  smtp.mails.filter((mail) => mail.to.includes(email)).map((mail) => readMail(mail.raw));

describeEachEngine("online refunds through Razorpay", (getDb) => {
  it("sends a claimed refund once, and confirms it when Razorpay says processed", async () => {
    const db = getDb();
    const { registration, email, payment } = await paidBooking(db, 1);
    const entryId = await claimRefund(db, registration.id, { now: NOW });
    await dispatcherFor(db).settled();
    const [refund] = refundsOf(payment.id);
    expect(refund).toMatchObject({ amount: BOOKING, notes: { entry: entryId }, receipt: entryId, status: "pending" });
    expect(await refundRows(db, registration.id)).toEqual([
      expect.objectContaining({ id: entryId, state: "claimed", reference: refund!.id }),
    ]);
    // Delivered again (a crash before it was marked delivered): nothing more at Razorpay.
    expect(await method.refund(db, entryId, NOW)).toBe("nothing");
    expect(refundsOf(payment.id)).toHaveLength(1);

    const processed = await standIn.settleRefund(refund!.id, "processed");
    expect(processed.answers).toEqual([200]);
    // A retry of the same event, and a replay: applied once.
    expect(await standIn.send(processed)).toBe(200);
    expect(await standIn.replay(processed)).toBe(200);
    expect(await refundRows(db, registration.id)).toEqual([
      expect.objectContaining({ id: entryId, state: "confirmed", reference: refund!.id }),
    ]);
    const dues = await duesOfRegistration(db, registration.id, NOW);
    expect(dues).toMatchObject({ receivedPaise: 0, refundOwedPaise: 0, settled: true });
    await dispatcherFor(db).settled();
    await expect.poll(() => mailsTo(email).find((mail) => mail.subject.startsWith("Refund processed"))).toBeDefined();
    const mail = mailsTo(email).find((each) => each.subject.startsWith("Refund processed"))!;
    expect(mail.text).toContain("Your refund of ₹10,000 for booking");
    expect(mail.text).toContain(`Its reference: ${refund!.id}.`);
    expect(mailsTo(email).filter((each) => each.subject.startsWith("Refund processed"))).toHaveLength(1);
    // Its refund receipt comes in a mail of its own, the PDF attached (money documents).
    await expect.poll(() => mailsTo(email).filter((each) => each.subject.startsWith("Refund receipt"))).toHaveLength(1);
  });

  it("adopts the refund Razorpay made when the answer to the create was lost: one refund only", async () => {
    const db = getDb();
    const { registration, payment } = await paidBooking(db, 2);
    standIn.faults.lostRefundAnswers = 1;
    // The outbox's first attempt fails (no answer) after Razorpay made the refund.
    const entryId = await claimRefund(db, registration.id, { now: NOW });
    await dispatcherFor(db).settled();
    expect(refundsOf(payment.id)).toHaveLength(1);
    expect((await refundRows(db, registration.id))[0]).toMatchObject({ state: "claimed", reference: null });
    // Its retry finds it by our entry, and makes none.
    expect(await method.refund(db, entryId, NOW)).toBe("adopted");
    const [refund] = refundsOf(payment.id);
    expect(refundsOf(payment.id)).toHaveLength(1);
    expect((await refundRows(db, registration.id))[0]).toMatchObject({ state: "claimed", reference: refund!.id });
  });

  it("settles once when the send's retry and Razorpay's webhook arrive together", async () => {
    const db = getDb();
    const { registration } = await paidBooking(db, 8);
    standIn.faults.lostRefundAnswers = 1;
    const entryId = await claimRefund(db, registration.id, { now: NOW, send: false });
    await expect(method.refund(db, entryId, NOW)).rejects.toThrow("did not answer");
    const made = standIn.refunds().find((refund) => !Array.isArray(refund.notes) && refund.notes.entry === entryId)!;
    standIn.webhook.hold = true;
    const processed = await standIn.settleRefund(made.id, "processed");
    // The outbox's retry (it adopts the refund, processed already) and the webhook, at once.
    const [sent, answer] = await Promise.all([method.refund(db, entryId, NOW), standIn.send(processed)]);
    expect(sent).toMatch(/^(adopted|nothing)$/);
    expect(answer).toBe(200);
    expect(await refundRows(db, registration.id)).toEqual([
      expect.objectContaining({ id: entryId, state: "confirmed", reference: made.id }),
    ]);
    const trail = await db
      .selectFrom("audit_log")
      .select("summary")
      .where("summary", "like", "Refund of % processed")
      .execute();
    expect(trail).toHaveLength(1);
    expect(standIn.refunds().filter((refund) => refund.payment_id === made.payment_id)).toHaveLength(1);
  });

  it("voids a failed refund, gives its amount as credit, and tells the rider", async () => {
    const db = getDb();
    const { registration, email, payment } = await paidBooking(db, 3);
    const entryId = await claimRefund(db, registration.id, { now: NOW });
    await dispatcherFor(db).settled();
    const [refund] = refundsOf(payment.id);
    const failed = await standIn.settleRefund(refund!.id, "failed");
    expect(failed.answers).toEqual([200]);
    expect(await standIn.send(failed)).toBe(200);
    const rows = await refundRows(db, registration.id);
    expect(rows[0]?.returns_entry_id).toEqual(expect.any(String));
    expect(rows).toEqual([
      expect.objectContaining({ id: entryId, state: "voided", method: "online" }),
      expect.objectContaining({
        state: "confirmed",
        method: "credit",
        amount_paise: BOOKING,
        source: "refund-failed",
        returns_entry_id: rows[0]!.returns_entry_id,
      }),
    ]);
    const credit = await db
      .selectFrom("credit_entries")
      .select(["kind", "state", "amount_paise"])
      .where("registration_id", "=", registration.id)
      .execute();
    expect(credit).toEqual([{ kind: "cancellation", state: "confirmed", amount_paise: BOOKING }]);
    const news = await db.selectFrom("ride_messages").select(["subject", "body"]).execute();
    expect(news).toContainEqual({
      subject: "Your refund is now credit",
      body: "Your refund of ₹10,000 could not be completed by the bank; it is now credit for your next ride.",
    });
    expect(await duesOfRegistration(db, registration.id, NOW)).toMatchObject({ refundOwedPaise: 0, settled: true });
    await dispatcherFor(db).settled();
    await expect.poll(() => mailsTo(email).find((mail) => mail.subject.startsWith("Refund failed"))).toBeDefined();
  });

  it("ignores an event whose refund is not what the entry says, one for a refund not ours, and refund.created", async () => {
    const db = getDb();
    const { registration, payment } = await paidBooking(db, 4);
    standIn.webhook.hold = true;
    const entryId = await claimRefund(db, registration.id, { amountPaise: 300_000, now: NOW, send: false });
    // Nothing sent yet: someone refunds a different amount at Razorpay under our entry's name.
    const client = createRazorpayClient({ keyId: standIn.keyId, keySecret: standIn.keySecret, apiUrl: standIn.apiUrl });
    const other = await client.createRefund(payment.id, { amountPaise: 200_000, entryId });
    const stranger = await client.createRefund(payment.id, {
      amountPaise: 100_000,
      entryId: `not-ours-${registration.reference}`,
    });
    const created = standIn.deliveries.filter((delivery) => delivery.event === "refund.created").slice(-2);
    standIn.webhook.hold = false;
    for (const delivery of created) expect(await standIn.send(delivery)).toBe(200);
    expect((await standIn.settleRefund(other.id, "processed")).answers).toEqual([200]);
    expect((await standIn.settleRefund(stranger.id, "processed")).answers).toEqual([200]);
    expect(await refundRows(db, registration.id)).toEqual([
      expect.objectContaining({ id: entryId, state: "claimed", reference: null }),
    ]);
  });

  it("refuses an unsigned or tampered refund event and keeps nothing", async () => {
    const db = getDb();
    const { registration } = await paidBooking(db, 5);
    await claimRefund(db, registration.id, { now: NOW });
    await dispatcherFor(db).settled();
    const [refund] = standIn.refunds().slice(-1);
    standIn.webhook.hold = true;
    const processed = await standIn.settleRefund(refund!.id, "processed");
    expect(await standIn.sendTampered(processed)).toBe(400);
    const body = processed.body;
    const forged = await fetch(endpoint.url, {
      method: "POST",
      headers: {
        "x-razorpay-signature": createHmac("sha256", "not-the-secret").update(body).digest("hex"),
        "x-razorpay-event-id": processed.eventId,
      },
      body,
    });
    expect(forged.status).toBe(400);
    expect((await refundRows(db, registration.id))[0]).toMatchObject({ state: "claimed" });
    expect(await standIn.send(processed)).toBe(200);
    expect((await refundRows(db, registration.id))[0]).toMatchObject({ state: "confirmed" });
  });

  it("fails a refund Razorpay will never take, and one sent while online payment is off", async () => {
    const db = getDb();
    const { registration, payment } = await paidBooking(db, 6);
    standIn.webhook.hold = true;
    // Refunded in full at the Dashboard before our refund went out: Razorpay refuses it (400).
    const client = createRazorpayClient({ keyId: standIn.keyId, keySecret: standIn.keySecret, apiUrl: standIn.apiUrl });
    await client.createRefund(payment.id, { amountPaise: BOOKING, entryId: `dashboard-${registration.reference}` });
    const entryId = await claimRefund(db, registration.id, { now: NOW });
    await dispatcherFor(db).settled();
    // Failed by the outbox, on the server's clock rather than the test's: compared in any order.
    const rows = await refundRows(db, registration.id);
    expect(rows.map((row) => [row.id === entryId, row.state, row.method])).toEqual(
      expect.arrayContaining([
        [true, "voided", "online"],
        [false, "confirmed", "credit"],
      ]),
    );
    expect(rows).toHaveLength(2);
    standIn.webhook.hold = false;
    const second = await paidBooking(db, 7);
    const offline = await claimRefund(db, second.registration.id, { now: NOW });
    expect(await sendRefund(db, null, offline, NOW)).toBe("failed");
    expect((await refundRows(db, second.registration.id)).map((row) => row.state)).toEqual(["voided", "confirmed"]);
  });
});
