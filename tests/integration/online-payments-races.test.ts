import { afterAll, beforeAll, expect, it } from "vitest";
import { adjustCredit } from "~/features/credit/server/commands.server";
import { creditLeftOf } from "~/features/credit/server/ledger.server";
import { payWithCreditByToken } from "~/features/credit/server/pay-with-credit.server";
import { findOrCreateRider } from "~/features/rider-accounts/server/riders.server";
import type { Database } from "~/server/db/schema.server";
import { setPayment } from "~/server/registrations/admin-changes.server";
import { register } from "~/server/registrations/register.server";
import { ValidationError } from "~/server/validation/errors.server";
import { describeEachEngine } from "../support/databases";
import { duesOfRegistration } from "../support/dues";
import { siteRide } from "../support/fixtures";
import { onlinePayments, standInMethod, webhookEndpoint } from "../support/online-payments";
import { type RazorpayStandIn, startRazorpayStandIn } from "../support/razorpay-standin";
import { ownForm, riderForm } from "../support/registration-fixtures";

// Online payments racing other writes on PostgreSQL (decision 060), where transactions truly run
// at once: each payment is applied once and the ledger adds up, whoever comes first.

const NOW = new Date("2027-05-01T06:00:00Z");
const ADMIN = { id: "admin-1", email: "admin@roadbook.test" };
const BOOKING = 1_000_000;
const ORIGIN = "http://roadbook.test";

let standIn: RazorpayStandIn;
let endpoint: { url: string; close(): Promise<void> };
let currentDb: Database | undefined;
const method = () => standInMethod(standIn);

beforeAll(async () => {
  standIn = await startRazorpayStandIn({ holdWebhooks: true });
  endpoint = await webhookEndpoint(
    () => currentDb,
    method,
    () => NOW,
  );
  standIn.webhook.url = endpoint.url;
});
afterAll(async () => {
  await endpoint.close();
  await standIn.close();
});

let n = 0;

/** A confirmed booking of ₹10,000 on a ₹38,500 ride, optionally a signed-in rider's, and its link. */
async function bookingWithLink(db: Database, riderId: string | null = null) {
  currentDb = db;
  n += 1;
  const ride = await siteRide(db, { seats: 20 });
  const result = await register(db, ride.id, await ownForm(db, riderId, riderForm(n)), {
    clientIp: `10.7.0.${n}`,
    origin: ORIGIN,
    riderId,
    now: NOW,
  });
  if (!result.ok) throw new Error(`refused: ${JSON.stringify(result)}`);
  const checkout = await method().start(db, result.registration, `${ORIGIN}/booking/${result.token}`, NOW);
  return { ...result, linkId: new URL(checkout).pathname.split("/").at(-1)! };
}

/** The refusal's message of a write that lost its race, or "done". */
const outcome = (write: Promise<unknown>) =>
  write.then(
    () => "done",
    (error: unknown) => (error instanceof ValidationError ? Object.values(error.errors)[0] : String(error)),
  );

describeEachEngine("online payments racing", (getDb, engine) => {
  it.runIf(engine === "postgres")(
    "applies one payment once when its two events arrive at once, each twice",
    async () => {
      const db = getDb();
      const { registration, linkId } = await bookingWithLink(db);
      // A first payment tells the site the link's order, so both of the next payment's events find it.
      const first = await standIn.pay(linkId, BOOKING);
      for (const delivery of first.deliveries) await standIn.send(delivery);
      const second = await standIn.pay(linkId, 500_000);
      const [captured, linkEvent] = second.deliveries;
      const answers = await Promise.all([
        standIn.send(captured!),
        standIn.send(linkEvent!),
        standIn.send(captured!),
        standIn.replay(linkEvent!),
      ]);
      expect(answers).toEqual([200, 200, 200, 200]);
      const recorded = await onlinePayments(db, registration.id);
      expect(recorded.map((entry) => [entry.reference, entry.amount_paise]).sort()).toEqual(
        [
          [first.payment.id, BOOKING],
          [second.payment.id, 500_000],
        ].sort(),
      );
    },
  );

  it.runIf(engine === "postgres")("applies a payment once while an admin marks the booking amount paid", async () => {
    const db = getDb();
    const { registration, linkId } = await bookingWithLink(db);
    const { payment, deliveries } = await standIn.pay(linkId, BOOKING);
    const [webhook, admin] = await Promise.all([
      standIn.send(deliveries[1]!),
      outcome(setPayment(db, registration.id, "paid", { actor: ADMIN, now: NOW })),
    ]);
    expect([webhook, admin]).toEqual([200, "done"]);
    expect(await onlinePayments(db, registration.id)).toEqual([
      expect.objectContaining({ reference: payment.id, amount_paise: BOOKING }),
    ]);
    const dues = await duesOfRegistration(db, registration.id, NOW);
    expect(dues.booking?.paid).toBe(true);
    // Whoever came first, every paisa received is counted once: paid, left or owed back.
    const charged = dues.booking!.chargedPaise + dues.balance!.chargedPaise;
    const left = dues.booking!.leftPaise + dues.balance!.leftPaise;
    expect(dues.receivedPaise - dues.refundOwedPaise + left).toBe(charged);
    expect([BOOKING, 2 * BOOKING]).toContain(dues.receivedPaise);
  });

  it.runIf(engine === "postgres")("applies a payment once while the rider spends credit on the booking", async () => {
    const db = getDb();
    const rider = await findOrCreateRider(db, `credit${n}@example.com`, NOW);
    await adjustCredit(db, rider.id, { amount: "5000", note: "Opening" }, { actor: ADMIN });
    const { registration, token, linkId } = await bookingWithLink(db, rider.id);
    const { payment, deliveries } = await standIn.pay(linkId, BOOKING);
    const [webhook, credit] = await Promise.all([
      standIn.send(deliveries[1]!),
      outcome(payWithCreditByToken(db, token, rider.id, NOW)),
    ]);
    expect(webhook).toBe(200);
    expect(await onlinePayments(db, registration.id)).toEqual([
      expect.objectContaining({ reference: payment.id, amount_paise: BOOKING }),
    ]);
    // Credit spent is on both ledgers or neither: the rider's and the booking's.
    const spent = credit === "done" ? 500_000 : 0;
    expect(await creditLeftOf(db, rider.id)).toBe(500_000 - spent);
    const dues = await duesOfRegistration(db, registration.id, NOW);
    expect(dues.receivedPaise).toBe(BOOKING + spent);
    expect(dues.booking?.paid).toBe(true);
    expect(dues.booking?.creditPaise).toBe(spent);
  });
});
