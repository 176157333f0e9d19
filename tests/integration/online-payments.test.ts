import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { dispatcherFor } from "~/server/commands/command.server";
import type { Database } from "~/server/db/schema.server";
import { createMailer } from "~/server/mail/mailer.server";
import { openOutbox } from "~/server/outbox/start-outbox.server";
import type { OnlinePaymentMethod } from "~/server/payments/methods.server";
import { acceptTransfer, offerTransferByToken } from "~/features/seat-transfer/server/transfer.server";
import { cancelByToken } from "~/server/registrations/cancel.server";
import { describeEachEngine } from "../support/databases";
import { duesOfRegistration } from "../support/dues";
import { siteRide } from "../support/fixtures";
import { readMail } from "../support/mail-text";
import { onlinePayments, silentLogger, standInMethod, webhookEndpoint } from "../support/online-payments";
import { type RazorpayStandIn, startRazorpayStandIn } from "../support/razorpay-standin";
import { registerRider, riderForm } from "../support/registration-fixtures";
import { type LocalSmtp, startLocalSmtp } from "../support/smtp";

// Paying a booking online (decision 060) against the Razorpay stand-in, never the network: the
// link made once, each payment recorded once whatever the webhooks do (duplicated, replayed
// after a rotation, tampered, out of order), the rider's return alone, a payment not captured.

const NOW = new Date("2027-05-01T06:00:00Z");
const ORIGIN = "http://roadbook.test";
const BOOKING = 1_000_000;
const TOTAL = 3_850_000;

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
  standIn.webhook.secret = "standin-webhook-secret";
  method = standInMethod(standIn);
});
afterEach(() => {
  currentDb = undefined;
});

/** A booking of ₹10,000 on a ₹38,500 ride, its outbox delivered as the server does (mail, Razorpay). */
async function booking(db: Database, n = 1) {
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
  const email = `rider${n}-${Math.random().toString(36).slice(2)}@example.com`;
  const { registration, token } = await registerRider(db, ride.id, riderForm(n, { email }), NOW);
  return { registration, token, email, returnUrl: `${ORIGIN}/booking/${token}` };
}

/** The stand-in's link id behind a checkout address. */
const linkIdOf = (checkout: string) => new URL(checkout).pathname.split("/").at(-1)!;

/** The rider pays on the hosted page; the address Razorpay sends them back to. */
async function payOnPage(checkout: string, amountPaise: number): Promise<URL> {
  const body = new URLSearchParams({ amount: String(amountPaise / 100), method: "upi" });
  const answer = await fetch(checkout, { method: "POST", body, redirect: "manual" });
  expect(answer.status).toBe(303);
  return new URL(answer.headers.get("location")!);
}

describeEachEngine("online payment through Razorpay", (getDb) => {
  it("makes one link for everything left, the booking amount first, and offers it again", async () => {
    const db = getDb();
    const { registration, token, returnUrl } = await booking(db);
    const checkout = await method.start(db, registration, returnUrl, NOW);
    expect(await method.start(db, registration, returnUrl, NOW)).toBe(checkout);
    const link = standIn.link(linkIdOf(checkout))!;
    expect(link).toMatchObject({
      amount: TOTAL,
      accept_partial: true,
      first_min_partial_amount: BOOKING,
      callback_url: returnUrl,
      callback_method: "get",
    });
    // The reference is the booking's own id, never its secret token or anything personal.
    expect(link.reference_id).toBe(`rb_${registration.id.replaceAll("-", "")}`);
    expect(JSON.stringify({ ...link, callback_url: "" })).not.toContain(token);
    const rows = await db.selectFrom("payment_links").selectAll().execute();
    expect(rows).toEqual([expect.objectContaining({ link_id: link.id, registration_id: registration.id })]);
  });

  it("records a payment once, whatever the webhooks repeat, and mails the rider", async () => {
    const db = getDb();
    const { registration, returnUrl, email } = await booking(db, 2);
    const checkout = await method.start(db, registration, returnUrl, NOW);
    const { payment, deliveries } = await standIn.pay(linkIdOf(checkout), BOOKING);
    expect(deliveries.map((delivery) => delivery.answers)).toEqual([[200], [200]]);
    // Both events carry the payment; a retry of either, and a duplicate at once, apply nothing.
    expect(await Promise.all([standIn.send(deliveries[0]!), standIn.send(deliveries[1]!)])).toEqual([200, 200]);
    // A rotation: the old secret's retries and the Dashboard's replay under the new one both verify.
    method = standInMethod(standIn, ["rotated-secret", "standin-webhook-secret"]);
    standIn.webhook.secret = "rotated-secret";
    expect(await standIn.send(deliveries[0]!)).toBe(200);
    expect(await standIn.replay(deliveries[1]!)).toBe(200);
    expect(await onlinePayments(db, registration.id)).toEqual([
      // payment.captured came first, naming an order not known yet: the link's event recorded it.
      { reference: payment.id, amount_paise: BOOKING, part: null, source: `razorpay:${deliveries[1]!.eventId}` },
    ]);
    const dues = await duesOfRegistration(db, registration.id, NOW);
    expect(dues.booking).toMatchObject({ paid: true, paidPaise: BOOKING });
    expect(dues.balance).toMatchObject({ paid: false, leftPaise: TOTAL - BOOKING });
    await dispatcherFor(db).settled();
    const receipt = () =>
      smtp.mails
        .filter((mail) => mail.to.includes(email))
        .map((mail) => readMail(mail.raw))
        .find((mail) => mail.subject.startsWith("Payment received"));
    await expect.poll(receipt).toBeDefined();
    const { text } = receipt()!;
    expect(text).toContain("We received your online payment of ₹10,000");
    expect(text).toContain("Balance: ₹28,500 to pay");
  });

  it("refuses a tampered event with 400 and records nothing", async () => {
    const db = getDb();
    const { registration, returnUrl } = await booking(db, 3);
    standIn.webhook.hold = true;
    const checkout = await method.start(db, registration, returnUrl, NOW);
    const { deliveries } = await standIn.pay(linkIdOf(checkout), BOOKING);
    expect(await standIn.sendTampered(deliveries[1]!)).toBe(400);
    // Signed by a secret the site does not know.
    method = standInMethod(standIn, ["another-secret"]);
    expect(await standIn.send(deliveries[0]!)).toBe(400);
    expect(await onlinePayments(db, registration.id)).toEqual([]);
    expect(await db.selectFrom("payment_events").selectAll().execute()).toEqual([]);
  });

  it("records a part and then the rest, their events arriving last first", async () => {
    const db = getDb();
    const { registration, returnUrl } = await booking(db, 4);
    standIn.webhook.hold = true;
    const checkout = await method.start(db, registration, returnUrl, NOW);
    const first = await standIn.pay(linkIdOf(checkout), BOOKING);
    // The rest: the same link, offered again for what is left (what it took is counted first).
    expect(await method.start(db, registration, returnUrl, NOW)).toBe(checkout);
    const rest = await standIn.pay(linkIdOf(checkout), TOTAL - BOOKING);
    for (const delivery of [...rest.deliveries, ...first.deliveries].reverse()) {
      expect(await standIn.send(delivery)).toBe(200);
    }
    const recorded = await onlinePayments(db, registration.id);
    expect(recorded.map((entry) => [entry.reference, entry.amount_paise])).toEqual(
      expect.arrayContaining([
        [first.payment.id, BOOKING],
        [rest.payment.id, TOTAL - BOOKING],
      ]),
    );
    expect(recorded).toHaveLength(2);
    const dues = await duesOfRegistration(db, registration.id, NOW);
    expect(dues).toMatchObject({ settled: true, receivedPaise: TOTAL, refundOwedPaise: 0 });
    await expect(method.start(db, registration, returnUrl, NOW)).rejects.toThrow("Nothing is left to pay");
  });

  it("moves no money on the rider's return (a GET), says where the payment stands, and the webhook records it once", async () => {
    const db = getDb();
    const { registration, returnUrl } = await booking(db, 5);
    standIn.webhook.hold = true;
    const checkout = await method.start(db, registration, returnUrl, NOW);
    const back = await payOnPage(checkout, BOOKING);
    expect(`${back.origin}${back.pathname}`).toBe(returnUrl);
    const returned = () => method.returned(db, silentLogger, registration.id, back.searchParams);
    expect(await returned()).toBe("received");
    expect(await onlinePayments(db, registration.id)).toEqual([]);
    // The webhooks arrive afterwards: the payment is recorded once, and the return says so.
    for (const delivery of standIn.deliveries.filter((d) => d.answers.length === 0)) await standIn.send(delivery);
    expect(await onlinePayments(db, registration.id)).toEqual([expect.objectContaining({ amount_paise: BOOKING })]);
    expect(await returned()).toBe("paid");
    // A forged signature, or another booking's return, moves nothing and says so.
    const forged = new URLSearchParams(back.searchParams);
    forged.set("razorpay_signature", "0".repeat(64));
    expect(await method.returned(db, silentLogger, registration.id, forged)).toBe("not-paid");
    const other = await booking(db, 6);
    expect(await method.returned(db, silentLogger, other.registration.id, back.searchParams)).toBe("not-paid");
  });

  it("records no payment Razorpay does not call captured", async () => {
    const db = getDb();
    const { registration, returnUrl } = await booking(db, 7);
    standIn.webhook.hold = true;
    const checkout = await method.start(db, registration, returnUrl, NOW);
    const { payment, deliveries } = await standIn.pay(linkIdOf(checkout), BOOKING);
    // The events say captured; Razorpay's own record, asked before anything moves, does not.
    (standIn.payment(payment.id) as { status: string }).status = "authorized";
    for (const delivery of deliveries) expect(await standIn.send(delivery)).toBe(200);
    expect(await onlinePayments(db, registration.id)).toEqual([]);
    expect((await duesOfRegistration(db, registration.id, NOW)).booking?.paid).toBe(false);
  });

  it("answers a signed but unreadable body with 200 and records nothing", async () => {
    const db = getDb();
    currentDb = db;
    const { createHmac } = await import("node:crypto");
    const body = JSON.stringify({ entity: "event", surprise: true });
    const answer = await fetch(endpoint.url, {
      method: "POST",
      headers: {
        "x-razorpay-signature": createHmac("sha256", standIn.webhook.secret).update(body).digest("hex"),
        "x-razorpay-event-id": "evt_Unreadable0001",
      },
      body,
    });
    expect(answer.status).toBe(200);
    expect(await db.selectFrom("booking_entries").select("id").where("method", "=", "online").execute()).toEqual([]);
  });

  it("cancels a cancelled booking's link at Razorpay, after the cancellation commits", async () => {
    const db = getDb();
    const { registration, token, returnUrl } = await booking(db, 8);
    const checkout = await method.start(db, registration, returnUrl, NOW);
    await cancelByToken(db, token, NOW);
    await dispatcherFor(db).settled();
    await expect.poll(() => standIn.link(linkIdOf(checkout))?.status).toBe("cancelled");
    // Its payment_link.cancelled event moves nothing, and is answered.
    await expect.poll(() => standIn.deliveries.at(-1)?.answers).toEqual([200]);
    const [row] = await db.selectFrom("payment_links").select("cancelled_at").execute();
    expect(row?.cancelled_at).not.toBeNull();
  });

  it("shows a seat handed on as paid to the friend, whose next link returns to their own page", async () => {
    const db = getDb();
    const { registration, token, returnUrl } = await booking(db, 9);
    const checkout = await method.start(db, registration, returnUrl, NOW);
    const back = await payOnPage(checkout, BOOKING);
    expect(await method.returned(db, silentLogger, registration.id, back.searchParams)).toBe("paid");
    const offer = await offerTransferByToken(db, token, NOW);
    const taken = await acceptTransfer(db, offer.token, riderForm(90, { email: "friend@example.com" }), {
      clientIp: "10.9.9.9",
      origin: ORIGIN,
      now: NOW,
    });
    if (!taken.ok) throw new Error(`transfer refused: ${JSON.stringify(taken)}`);
    expect((await duesOfRegistration(db, registration.id, NOW)).booking).toMatchObject({ paid: true });
    // The old link would send the friend back to the giver's page, which no longer opens: a new one.
    const friendsUrl = `${ORIGIN}/booking/${taken.token}`;
    const friends = await method.start(db, taken.registration, friendsUrl, NOW);
    expect(friends).not.toBe(checkout);
    expect(standIn.link(linkIdOf(friends))).toMatchObject({ amount: TOTAL - BOOKING, callback_url: friendsUrl });
    await expect.poll(() => standIn.link(linkIdOf(checkout))?.status).toBe("cancelled");
  });
});
