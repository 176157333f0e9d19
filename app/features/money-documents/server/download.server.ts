import { documentFileName } from "~/features/money-documents/domain/links";
import type { Executor } from "~/server/db/schema.server";
import { findByToken } from "~/server/registrations/booking-token.server";
import { bookingDocument, type MoneyDocument } from "./documents.server";
import { documentPdf } from "./pdf.server";

// A rider downloading a money document: by the booking's private link, or signed in, of a booking
// of their account. Anything else (another booking's code, an unknown link) is not found.

const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
  "Referrer-Policy": "same-origin",
};

export function notFound(): Response {
  return new Response("This link opens no document.", {
    status: 404,
    headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
  });
}

export async function pdfResponse(document: MoneyDocument | null): Promise<Response> {
  if (!document) return notFound();
  const pdf = await documentPdf(document.body);
  return new Response(new Uint8Array(pdf), {
    headers: {
      ...PRIVATE_HEADERS,
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="${documentFileName(document.code)}"`,
    },
  });
}

/** The document `code` of the booking whose private link is `token`, or null. */
export async function documentByBookingToken(db: Executor, token: string, code: string): Promise<MoneyDocument | null> {
  const row = await findByToken(db, token);
  return row ? bookingDocument(db, row.id, code) : null;
}

/** The document `code` of a booking of the rider's account, or null. */
export async function documentOfRider(db: Executor, riderId: string, code: string): Promise<MoneyDocument | null> {
  const row = await db
    .selectFrom("money_documents")
    .innerJoin("registrations", "registrations.id", "money_documents.registration_id")
    .select("money_documents.registration_id")
    .where("money_documents.code", "=", code)
    .where("registrations.rider_id", "=", riderId)
    .executeTakeFirst();
  return row ? bookingDocument(db, row.registration_id, code) : null;
}
