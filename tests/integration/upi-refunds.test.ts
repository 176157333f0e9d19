import pino from "pino";
import { expect, it } from "vitest";
import type { AppServices } from "~/context";
import type { Database } from "~/server/db/schema.server";
import { registrationAction } from "~/server/admin/registration-actions.server";
import { listRecentActivity } from "~/server/audit/audit.server";
import { readEnv } from "~/server/env.server";
import { refundsDue } from "~/server/payments/refunds-due.server";
import { recordUpiRefund } from "~/server/payments/upi-refunds.server";
import { setPayment } from "~/server/registrations/admin-changes.server";
import { refundsAction } from "~/routes/admin/payments-refunds.server";
import { describeEachEngine } from "../support/databases";
import { duesOfRegistration } from "../support/dues";
import { siteRide } from "../support/fixtures";
import { claimRefund, refundRows } from "../support/refunds";
import { registerRider, riderForm } from "../support/registration-fixtures";

// A UPI refund (docs/features/refunds.md): the admin sends it from the organisers' UPI app, then
// records its UTR on the Riders page or Payments → Refunds: checked, unique, once, audited.

const NOW = new Date("2027-05-01T06:00:00Z");
const ADMIN = { id: "admin-1", email: "admin@example.com" };
const UTR = "412345678901";

/** A booking paid by UPI (marked by an admin), cancelled, with a claimed UPI refund of it. */
async function upiRefund(db: Database, n: number, rideId?: string) {
  const ride = rideId ? { id: rideId } : await siteRide(db, { seats: 20 });
  const { registration } = await registerRider(db, ride.id, riderForm(n), NOW);
  await setPayment(db, registration.id, "paid", { actor: ADMIN, now: NOW });
  const entryId = await claimRefund(db, registration.id, { method: "upi", now: NOW });
  return { ride, registration, entryId };
}

function services(db: Database) {
  return { db, env: readEnv({}), logger: pino({ level: "silent" }) } as AppServices;
}

describeEachEngine("UPI refunds recorded by their UTR", (getDb) => {
  it("records a refund's UTR once: processed on the ledger, audited, listed no more", async () => {
    const db = getDb();
    const { ride, registration, entryId } = await upiRefund(db, 1);
    expect(await refundsDue(db)).toEqual([
      expect.objectContaining({ entryId, booking: registration.reference, method: "upi", state: "pending" }),
    ]);
    const record = () =>
      recordUpiRefund(db, { registrationId: registration.id, entryId, utr: ` ${UTR} ` }, { actor: ADMIN, now: NOW });
    expect(await record()).toEqual({ booking: registration.reference, amount: 1_000_000, already: false });
    // Twice is once.
    expect(await record()).toEqual({ booking: registration.reference, amount: 1_000_000, already: true });
    expect(await refundRows(db, registration.id)).toEqual([
      expect.objectContaining({ id: entryId, state: "confirmed", method: "upi", reference: UTR }),
    ]);
    expect(await duesOfRegistration(db, registration.id, NOW)).toMatchObject({ refundOwedPaise: 0, settled: true });
    expect(await refundsDue(db, { rideId: ride.id })).toEqual([]);
    const trail = (await listRecentActivity(db)).map((entry) => entry.summary);
    const lines = trail.filter((summary) => summary.startsWith("Refund of"));
    // Reference and amount only, once.
    expect(lines).toEqual([`Refund of ₹10,000 by UPI for booking ${registration.reference} processed`]);
  });

  it("refuses a UTR that is not 12 digits, and one recorded for another refund, with the reason", async () => {
    const db = getDb();
    const first = await upiRefund(db, 2);
    const second = await upiRefund(db, 3);
    const record = (booking: typeof first, utr: string) =>
      recordUpiRefund(
        db,
        { registrationId: booking.registration.id, entryId: booking.entryId, utr },
        { actor: ADMIN, now: NOW },
      );
    await expect(record(first, "12345")).rejects.toMatchObject({
      errors: { utr: "Enter the 12-digit UPI transaction id (UTR)" },
    });
    await expect(record(first, "")).rejects.toMatchObject({ errors: { utr: expect.any(String) } });
    await record(first, UTR);
    await expect(record(second, UTR)).rejects.toMatchObject({
      errors: { utr: `UTR ${UTR} is recorded already for a refund of booking ${first.registration.reference}` },
    });
    expect((await refundRows(db, second.registration.id))[0]).toMatchObject({ state: "claimed", reference: null });
    // Another booking's refund, named through this one, is not found.
    await expect(
      recordUpiRefund(
        db,
        { registrationId: second.registration.id, entryId: first.entryId, utr: "412345678902" },
        { actor: ADMIN, now: NOW },
      ),
    ).rejects.toThrow("Cannot find this refund");
  });

  it("lets owners and editors record it from the Riders page and Refunds, never a captain", async () => {
    const db = getDb();
    const { ride, registration, entryId } = await upiRefund(db, 4);
    const post = (body: Record<string, unknown>) =>
      new Request("http://localhost/admin/x", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ intent: "refund-utr", id: registration.id, entryId, ...body }),
      });
    const riders = async (role: string, body: Record<string, unknown>) => {
      const result = await registrationAction(post(body), { services: services(db), actor: ADMIN }, ride.id, { role });
      return { status: result.init?.status ?? 200, ...result.data };
    };
    expect(await riders("captain", { utr: UTR })).toMatchObject({ status: 403, ok: false });
    expect(await riders("editor", { utr: "not a utr" })).toMatchObject({
      status: 400,
      message: `Cannot change ${registration.reference}: Enter the 12-digit UPI transaction id (UTR)`,
    });
    expect(await riders("editor", { utr: UTR })).toMatchObject({
      status: 200,
      message: `Refund of ₹10,000 to ${registration.reference} recorded as sent`,
    });
    const page = await refundsAction(post({ utr: UTR }), { services: services(db), actor: ADMIN });
    expect({ status: page.init?.status ?? 200, ...page.data }).toMatchObject({
      status: 200,
      message: `The refund of ₹10,000 to ${registration.reference} is recorded already`,
    });
  });
});
