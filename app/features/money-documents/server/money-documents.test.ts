import { expect, it } from "vitest";
import type { Database } from "~/server/db/schema.server";
import { describeEachEngine } from "../../../../tests/support/databases";
import { siteRide } from "../../../../tests/support/fixtures";
import { registerRider, riderForm } from "../../../../tests/support/registration-fixtures";
import { runCommand } from "~/server/commands/command.server";
import { setBalancePayment, setPayment } from "~/server/registrations/admin-changes.server";
import { addEntry } from "~/server/registrations/ledger.server";
import { DEFAULT_DOCUMENT_SETTINGS, type DocumentSettings } from "~/features/money-documents/domain/settings";
import { documentsOfBookings } from "./documents.server";
import { issueDueInvoices } from "./invoice-sweep.server";
import { writeDocumentSettings } from "./settings.server";

// Money documents on both engines (docs/features/money-documents.md): issued with the ledger's
// writes, numbered gapless, never edited, GST mode's vouchers and invoice.

const ADMIN = { id: "admin-1", email: "admin@roadbook.test" };
/** Before the rides' start (2027-06-10; trip ₹38,500, booking ₹10,000), in financial year 2026-27. */
const NOW = new Date("2027-01-15T06:00:00Z");

/** `minutes` after NOW. */
const later = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

const GST: DocumentSettings = {
  ...DEFAULT_DOCUMENT_SETTINGS,
  gstMode: true,
  legalName: "Roadbook Tours LLP",
  address: "12 MG Road, Pune 411001",
  gstin: "27AAPFU0939F1ZV",
  stateCode: "27",
};

async function settings(db: Database, value: DocumentSettings) {
  await runCommand(db, (command) => writeDocumentSettings(command, value, ADMIN), NOW);
}

async function booked(
  db: Database,
  n = 1,
  form: Record<string, unknown> = {},
  rideSettings: Record<string, unknown> = {},
) {
  const ride = await siteRide(db, { seats: 30, ...rideSettings });
  const { registration } = await registerRider(db, ride.id, riderForm(n, form), NOW);
  return { ride, registration, row: { id: registration.id, ride_id: ride.id } };
}

describeEachEngine("money documents", (getDb) => {
  it("issues a payment receipt with the payment an admin records, numbered from 1 in the year's series", async () => {
    const db = getDb();
    const { registration } = await booked(db);
    expect(await documentsOfBookings(db, [registration.id])).toEqual([]);
    await setPayment(db, registration.id, "paid", { actor: ADMIN, now: NOW });
    const [receipt] = await documentsOfBookings(db, [registration.id]);
    expect(receipt).toMatchObject({ type: "payment-receipt", code: "PR2627-000001", amountPaise: 1_000_000 });
    expect(receipt!.body).toMatchObject({
      title: "Payment receipt",
      rider: { name: "Rider 1", gstin: null },
      booking: { reference: registration.reference },
      totalPaise: 1_000_000,
      tax: null,
    });
    // Issuing again (another write to the ledger) finds it issued.
    await setBalancePayment(db, registration.id, "paid", { actor: ADMIN, now: NOW });
    const codes = (await documentsOfBookings(db, [registration.id])).map((document) => document.code);
    expect(codes).toEqual(["PR2627-000001", "PR2627-000002"]);
  });

  it("never edits a document: a documented payment marked due gets a correction naming it", async () => {
    const db = getDb();
    const { registration } = await booked(db);
    await setPayment(db, registration.id, "paid", { actor: ADMIN, now: NOW });
    const [receipt] = await documentsOfBookings(db, [registration.id]);
    await setPayment(db, registration.id, "due", { actor: ADMIN, now: later(1) });
    const documents = await documentsOfBookings(db, [registration.id]);
    expect(documents).toHaveLength(2);
    expect(documents[0]).toEqual(receipt);
    expect(documents[1]).toMatchObject({
      type: "correction",
      code: "CN2627-000001",
      amountPaise: -1_000_000,
      correctsDocumentId: receipt!.id,
      entryId: receipt!.entryId,
    });
    expect(documents[1]!.body.references).toEqual([expect.objectContaining({ code: "PR2627-000001" })]);
    // Paid again: a new receipt, for the new payment.
    await setPayment(db, registration.id, "paid", { actor: ADMIN, now: later(2) });
    expect((await documentsOfBookings(db, [registration.id])).map((document) => document.code)).toEqual([
      "PR2627-000001",
      "CN2627-000001",
      "PR2627-000002",
    ]);
  });

  it("leaves a payment decided before money documents existed undocumented", async () => {
    const db = getDb();
    const { registration, row } = await booked(db);
    // As m0028 found it: a payment confirmed the day before.
    await db
      .insertInto("booking_entries")
      .values({
        id: "old-payment",
        registration_id: row.id,
        ride_id: row.ride_id,
        kind: "payment",
        part: "booking",
        amount_paise: 1_000_000,
        state: "confirmed",
        method: "upi",
        reference: null,
        source: "admin",
        note: "",
        created_at: "2027-01-14T06:00:00.000Z",
        decided_at: "2027-01-14T06:00:00.000Z",
        returns_entry_id: null,
      })
      .execute();
    await setBalancePayment(db, registration.id, "paid", { actor: ADMIN, now: NOW });
    const documents = await documentsOfBookings(db, [registration.id]);
    expect(documents.map((document) => [document.code, document.amountPaise])).toEqual([["PR2627-000001", 2_850_000]]);
  });

  it("issues a refund receipt for a confirmed refund, and none for a claimed one", async () => {
    const db = getDb();
    const { registration, row } = await booked(db);
    await setPayment(db, registration.id, "paid", { actor: ADMIN, now: NOW });
    await runCommand(
      db,
      (command) =>
        addEntry(command, row, { kind: "refund", part: null, amountPaise: 400_000, state: "claimed", source: "test" }),
      NOW,
    );
    expect(await documentsOfBookings(db, [registration.id])).toHaveLength(1);
    await runCommand(
      db,
      (command) =>
        addEntry(command, row, {
          kind: "refund",
          part: null,
          amountPaise: 400_000,
          state: "confirmed",
          method: "upi",
          reference: "412345678901",
          source: "test",
        }),
      NOW,
    );
    const refund = (await documentsOfBookings(db, [registration.id]))[1]!;
    expect(refund).toMatchObject({ type: "refund-receipt", code: "RR2627-000001", amountPaise: 400_000 });
    expect(refund.body.payment).toBe("UPI, reference 412345678901");
  });

  it("in GST mode: receipt vouchers for the advances, a tax invoice once paid in full, a refund voucher matching", async () => {
    const db = getDb();
    await settings(db, GST);
    // A rider in Karnataka: the supply is between states, so IGST.
    const { registration, row } = await booked(db, 1, { gstState: "29" });
    await setPayment(db, registration.id, "paid", { actor: ADMIN, now: NOW });
    const [voucher] = await documentsOfBookings(db, [registration.id]);
    expect(voucher).toMatchObject({ type: "receipt-voucher", code: "RV2627-000001" });
    expect(voucher!.body).toMatchObject({
      organiser: { gstin: "27AAPFU0939F1ZV", stateCode: "27" },
      placeOfSupply: "29 Karnataka",
      sac: "998555",
      tax: { taxablePaise: 952_381, igstPaise: 47_619, cgstPaise: 0, sgstPaise: 0 },
    });
    await setBalancePayment(db, registration.id, "paid", { actor: ADMIN, now: NOW });
    const documents = await documentsOfBookings(db, [registration.id]);
    expect(documents.map((document) => document.code)).toEqual(["RV2627-000001", "RV2627-000002", "INV2627-000001"]);
    const invoice = documents[2]!;
    expect(invoice.amountPaise).toBe(3_850_000);
    expect(invoice.body.tax).toMatchObject({ taxablePaise: 3_666_667, igstPaise: 183_333 });
    expect(invoice.body.references.map((reference) => reference.code)).toEqual(["RV2627-000001", "RV2627-000002"]);
    // The booking amount given back whole: its refund voucher matches its receipt voucher.
    await runCommand(
      db,
      async (command) => {
        const paid = await command.trx
          .selectFrom("booking_entries")
          .select("id")
          .where("registration_id", "=", row.id)
          .where("part", "=", "booking")
          .where("state", "=", "confirmed")
          .where("kind", "=", "payment")
          .executeTakeFirstOrThrow();
        await addEntry(command, row, {
          kind: "refund",
          part: null,
          amountPaise: 1_000_000,
          state: "confirmed",
          method: "upi",
          reference: "512345678901",
          source: "test",
        });
        await command.trx
          .updateTable("booking_entries")
          .set({ returns_entry_id: paid.id })
          .where("kind", "=", "refund")
          .where("registration_id", "=", row.id)
          .execute();
      },
      NOW,
    );
    const refund = (await documentsOfBookings(db, [registration.id])).find((one) => one.type === "refund-voucher")!;
    expect(refund.code).toBe("RFV2627-000001");
    expect(refund.body.tax).toEqual(voucher!.body.tax);
    expect(refund.body.references.map((reference) => reference.code)).toEqual(["RV2627-000001"]);
  });

  it("in GST mode within the organiser's state: CGST and SGST; the organiser's state without the rider's", async () => {
    const db = getDb();
    // Booked before GST mode was on: no state given.
    const { registration } = await booked(db, 2);
    await settings(db, GST);
    await setPayment(db, registration.id, "paid", { actor: ADMIN, now: NOW });
    const [voucher] = await documentsOfBookings(db, [registration.id]);
    expect(voucher!.body).toMatchObject({
      placeOfSupply: "27 Maharashtra",
      tax: { cgstPaise: 23_810, sgstPaise: 23_809, igstPaise: 0 },
    });
  });

  it("in GST mode, asks the rider's state on the form and checks a business GSTIN", async () => {
    const db = getDb();
    await settings(db, GST);
    const ride = await siteRide(db, { seats: 30 });
    await expect(registerRider(db, ride.id, riderForm(1), NOW)).rejects.toMatchObject({
      errors: { gstState: expect.any(String) },
    });
    await expect(
      registerRider(db, ride.id, riderForm(1, { gstState: "29", gstin: "27AAPFU0939F1ZV" }), NOW),
    ).rejects.toMatchObject({ errors: { gstin: expect.stringMatching(/another state/) } });
    const { registration } = await registerRider(
      db,
      ride.id,
      riderForm(1, { gstState: "27", gstin: "27aapfu0939f1zv" }),
      NOW,
    );
    await setPayment(db, registration.id, "paid", { actor: ADMIN, now: NOW });
    const [voucher] = await documentsOfBookings(db, [registration.id]);
    expect(voucher!.body.rider).toEqual({ name: "Rider 1", gstin: "27AAPFU0939F1ZV" });
  });

  it("in GST mode, prints a ride's own SAC and rate over the organiser's", async () => {
    const db = getDb();
    await settings(db, GST);
    const { registration } = await booked(db, 1, { gstState: "27" }, { sac: "998552", gstRate: "18" });
    await setPayment(db, registration.id, "paid", { actor: ADMIN, now: NOW });
    const [voucher] = await documentsOfBookings(db, [registration.id]);
    // ₹10,000 at 18 %: 8,474.58 taxable, 1,525.42 tax, 762.71 each.
    expect(voucher!.body).toMatchObject({
      sac: "998552",
      tax: { rateBasisPoints: 1800, taxablePaise: 847_458, cgstPaise: 76_271, sgstPaise: 76_271 },
    });
  });

  it("in GST mode, issues the tax invoice of a booking with money received once its ride starts", async () => {
    const db = getDb();
    await settings(db, GST);
    const { registration } = await booked(db, 1, { gstState: "27" });
    await setPayment(db, registration.id, "paid", { actor: ADMIN, now: NOW });
    // The day before the start (10 June 2027 in India): not yet.
    expect(await issueDueInvoices(db, new Date("2027-06-09T12:00:00Z"))).toBe(0);
    const started = new Date("2027-06-10T01:00:00Z");
    expect(await issueDueInvoices(db, started)).toBe(1);
    const invoice = (await documentsOfBookings(db, [registration.id])).find((one) => one.type === "tax-invoice");
    expect(invoice).toMatchObject({ code: "INV2728-000001", amountPaise: 1_000_000 });
    expect(invoice!.body.tax).toMatchObject({ taxablePaise: 952_381, cgstPaise: 23_810, sgstPaise: 23_809 });
    // Once issued, never again.
    expect(await issueDueInvoices(db, started)).toBe(0);
  });

  it("numbers a new financial year from 1 again", async () => {
    const db = getDb();
    const first = await booked(db, 1);
    const second = await booked(db, 2);
    await setPayment(db, first.registration.id, "paid", { actor: ADMIN, now: new Date("2027-03-31T18:00:00Z") });
    await setPayment(db, second.registration.id, "paid", { actor: ADMIN, now: new Date("2027-03-31T19:00:00Z") });
    const documents = await documentsOfBookings(db, [first.registration.id, second.registration.id]);
    expect(documents.map((document) => document.code)).toEqual(["PR2627-000001", "PR2728-000001"]);
  });

  it("numbers payments made at once gapless and unique: 20 bookings on 20 rides paid together", async () => {
    const db = getDb();
    const bookings = [];
    for (let n = 1; n <= 20; n++) bookings.push(await booked(db, n));
    await Promise.all(
      bookings.map(({ registration }) => setPayment(db, registration.id, "paid", { actor: ADMIN, now: NOW })),
    );
    const documents = await documentsOfBookings(
      db,
      bookings.map(({ registration }) => registration.id),
    );
    expect(documents.map((document) => document.code).sort()).toEqual(
      Array.from({ length: 20 }, (_, i) => `PR2627-${String(i + 1).padStart(6, "0")}`),
    );
    const counter = await db.selectFrom("document_counters").selectAll().executeTakeFirstOrThrow();
    expect(counter).toEqual({ series: "PR", financial_year: "2026-27", last_number: 20 });
  });

  it("leaves no number used when the command that took it rolls back", async () => {
    const db = getDb();
    const { registration, row } = await booked(db);
    const failed = runCommand(
      db,
      async (command) => {
        await addEntry(command, row, {
          kind: "payment",
          part: "booking",
          amountPaise: 1_000_000,
          state: "confirmed",
          method: "upi",
          source: "test",
        });
        // The hook runs before the commit; this throws after the work, so nothing commits.
        command.touched.add("no-such-booking");
        throw new Error("changed my mind");
      },
      NOW,
    );
    await expect(failed).rejects.toThrow("changed my mind");
    await setPayment(db, registration.id, "paid", { actor: ADMIN, now: NOW });
    expect((await documentsOfBookings(db, [registration.id])).map((document) => document.code)).toEqual([
      "PR2627-000001",
    ]);
  });
});
