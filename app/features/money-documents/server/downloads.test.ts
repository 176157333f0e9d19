import { extractText, getDocumentProxy } from "unpdf";
import { expect, it } from "vitest";
import type { Database } from "~/server/db/schema.server";
import { describeEachEngine } from "../../../../tests/support/databases";
import { siteRide } from "../../../../tests/support/fixtures";
import { registerRider, riderForm } from "../../../../tests/support/registration-fixtures";
import { routeContext } from "../../../../tests/support/route-context";
import { setPayment } from "~/server/registrations/admin-changes.server";
import { parse } from "csv-parse/sync";
import { loader as bookingDocument } from "../routes/resources/booking-document";
import { loader as exportLoader } from "../routes/admin/documents-export";
import { adminContext } from "~/server/auth/admin-session.server";
import { documentsOfBookings } from "./documents.server";
import { documentMail } from "./document-mail.server";
import { documentOfRider } from "./download.server";
import { findOrCreateRider } from "~/features/rider-accounts/server/riders.server";
import { myRides } from "~/features/rider-accounts/server/my-rides.server";
import { riderDataExport } from "~/features/rider-accounts/server/data-export.server";
import { register } from "~/server/registrations/register.server";
import { acceptTransfer, offerTransferByToken } from "~/features/seat-transfer/server/transfer.server";
import { moneyDocumentsSection } from "./booking-section.server";
import { getRegistration } from "~/server/registrations/queries.server";
import { documentsCsv, exportMonth } from "./export.server";

// What a rider and an accountant get of the money documents, on both engines: the PDF by the
// booking's link (another booking's link opens nothing), the mail with the PDF, the month's export.

const ADMIN = { id: "admin-1", email: "admin@roadbook.test" };
const NOW = new Date("2027-01-15T06:00:00Z");

/** An editor's request context, as the admin layout's middleware sets it. */
function adminActionContextFor(db: Database, admin: { id: string; email: string }) {
  const context = routeContext({ db });
  context.set(adminContext, { ...admin, displayName: "", role: "editor", createdAt: "", lastLoginAt: null } as never);
  return context;
}

async function textOf(pdf: ArrayBuffer | Buffer): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

async function paidBooking(db: Database, n: number) {
  const ride = await siteRide(db, { seats: 30 });
  const booked = await registerRider(db, ride.id, riderForm(n, { email: `rider${n}@example.com` }), NOW);
  await setPayment(db, booked.registration.id, "paid", { actor: ADMIN, now: NOW });
  const [document] = await documentsOfBookings(db, [booked.registration.id]);
  return { ...booked, document: document! };
}

function download(db: Database, token: string, code: string) {
  const url = `http://roadbook.test/booking/${token}/money-document?code=${encodeURIComponent(code)}`;
  return bookingDocument({
    request: new Request(url),
    params: { token },
    context: routeContext({ db }),
  } as unknown as Parameters<typeof bookingDocument>[0]);
}

describeEachEngine("money documents reach the rider and the accountant", (getDb) => {
  it("downloads a booking's document by its private link, and nothing by another booking's", async () => {
    const db = getDb();
    const mine = await paidBooking(db, 1);
    const theirs = await paidBooking(db, 2);
    const response = await download(db, mine.token, mine.document.code);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="PR2627-000001.pdf"');
    const text = await textOf(await response.arrayBuffer());
    expect(text).toContain("Payment receipt");
    expect(text).toContain("Rider 1");
    expect(text).toContain("₹10,000.00");
    expect((await download(db, mine.token, theirs.document.code)).status).toBe(404);
    expect((await download(db, "not-a-token", mine.document.code)).status).toBe(404);
  });

  it("lists a signed-in rider's documents in My rides, theirs to download and nobody else's", async () => {
    const db = getDb();
    const asha = await findOrCreateRider(db, "asha@example.com", NOW);
    const ravi = await findOrCreateRider(db, "ravi@example.com", NOW);
    const ride = await siteRide(db, { seats: 30 });
    const booked = await register(db, ride.id, riderForm(7, { email: "asha@example.com" }), {
      clientIp: "10.77.0.1",
      origin: "http://localhost",
      riderId: asha.id,
      now: NOW,
    });
    if (!booked.ok) throw new Error("refused");
    await setPayment(db, booked.registration.id, "paid", { actor: ADMIN, now: NOW });
    const rides = await myRides(db, asha.id, NOW);
    expect(rides.upcoming[0]!.documents).toEqual([
      { code: "PR2627-000001", title: "Payment receipt", issued: "15 Jan 2027, 11:30 IST", amount: "₹10,000.00" },
    ]);
    expect(await documentOfRider(db, asha.id, "PR2627-000001")).toMatchObject({ code: "PR2627-000001" });
    expect(await documentOfRider(db, ravi.id, "PR2627-000001")).toBeNull();
    // "Your data" lists them too.
    const exported = await riderDataExport(db, asha.id, NOW);
    expect(exported!.bookings[0]!.moneyDocuments).toEqual([
      { code: "PR2627-000001", type: "payment-receipt", issuedAt: NOW.toISOString(), amountPaise: 1_000_000 },
    ]);
  });

  it("shows a friend who takes a paid seat none of the documents that name the rider before them", async () => {
    const db = getDb();
    const asha = await paidBooking(db, 1);
    const offer = await offerTransferByToken(db, asha.token, NOW);
    const later = new Date(NOW.getTime() + 60_000);
    const taken = await acceptTransfer(db, offer.token, riderForm(50, { name: "Farah Friend" }), {
      clientIp: "10.9.9.9",
      origin: "http://localhost",
      now: later,
    });
    if (!taken.ok) throw new Error("refused");
    expect((await download(db, taken.token, asha.document.code)).status).toBe(404);
    const registration = (await getRegistration(db, asha.registration.id))!;
    const part = await moneyDocumentsSection.load({ services: { db }, registration } as never);
    expect(part).toEqual({ moneyDocuments: [] });
    // The document itself is kept, as issued.
    expect(await documentsOfBookings(db, [asha.registration.id])).toEqual([asha.document]);
  });

  it("mails the rider each document with its PDF", async () => {
    const db = getDb();
    const { document, registration } = await paidBooking(db, 1);
    const entries = await db.selectFrom("outbox").select(["kind", "payload", "label"]).execute();
    expect(entries).toContainEqual({
      kind: "money-document-mail",
      payload: JSON.stringify({ documentId: document.id }),
      label: `Receipt mail for booking ${registration.reference}`,
    });
    const mail = await documentMail(db, document.id, "http://roadbook.test");
    expect(mail).toMatchObject({
      to: "rider1@example.com",
      subject: expect.stringContaining("Payment receipt PR2627-000001: ₹10,000.00"),
    });
    expect(mail!.text).toContain("is attached as PDF");
    expect(mail!.attachments).toHaveLength(1);
    expect(await textOf(mail!.attachments![0]!.content)).toContain("PR2627-000001");
  });

  it("exports a month's documents for the accountant as CSV and JSON", async () => {
    const db = getDb();
    const first = await paidBooking(db, 1);
    await paidBooking(db, 2);
    const rows = await exportMonth(db, "2027-01", ADMIN);
    expect(rows).toEqual([
      expect.objectContaining({
        code: "PR2627-000001",
        type: "payment-receipt",
        booking: first.registration.reference,
        total: "10000.00",
        cgst: "",
      }),
      expect.objectContaining({ code: "PR2627-000002", total: "10000.00" }),
    ]);
    expect(await exportMonth(db, "2027-02", ADMIN)).toEqual([]);
    const csv = parse(documentsCsv(rows), { bom: true, columns: true }) as Record<string, string>[];
    expect(csv[0]).toMatchObject({
      Number: "PR2627-000001",
      Type: "payment-receipt",
      Total: "10000.00",
      Ride: "Spiti Valley Circuit",
    });
    const answer = await exportLoader({
      request: new Request("http://roadbook.test/admin/payments/documents/export?month=2027-01&format=json"),
      params: {},
      context: adminActionContextFor(db, ADMIN),
    } as unknown as Parameters<typeof exportLoader>[0]);
    expect(answer.status).toBe(200);
    const json = (await answer.json()) as { month: string; documents: { code: string }[] };
    expect(json.documents.map((document) => document.code)).toEqual(["PR2627-000001", "PR2627-000002"]);
    const refused = await exportLoader({
      request: new Request("http://roadbook.test/admin/payments/documents/export?month=january"),
      params: {},
      context: adminActionContextFor(db, ADMIN),
    } as unknown as Parameters<typeof exportLoader>[0]);
    expect(refused.status).toBe(400);
  });
});
