import { bookingHref } from "~/domain/links";
import type { DocumentBody } from "~/features/money-documents/domain/document";
import { documentFileName } from "~/features/money-documents/domain/links";
import { formatDocumentAmount } from "~/features/money-documents/domain/money";
import type { Database } from "~/server/db/schema.server";
import type { Mail } from "~/server/mail/mailer.server";
import { bookingTokenOf, getRegistration } from "~/server/registrations/queries.server";
import { moneyDocumentFromRow } from "./documents.server";
import { documentPdf } from "./pdf.server";

// A money document mailed to its rider with its PDF (docs/features/money-documents.md), written
// when sent: an erased booking's rider is mailed nothing (their address is gone).

export function documentMailText(
  body: DocumentBody,
  name: string,
  link: string | null,
): { subject: string; text: string } {
  return {
    subject: `${body.title} ${body.code}: ${formatDocumentAmount(body.totalPaise)} — booking ${body.booking.reference}`,
    text: [
      `Hello ${name},`,
      "",
      `Your ${body.title.toLowerCase()} ${body.code} of ${formatDocumentAmount(body.totalPaise)} for booking ${body.booking.reference} on "${body.booking.ride}" is attached as PDF.`,
      "",
      ...(link ? ["Every receipt of your booking is on your private booking page:", link] : []),
    ].join("\n"),
  };
}

/** The mail of document `documentId`, or null when there is nobody to send it to. */
export async function documentMail(db: Database, documentId: string, origin: string | null): Promise<Mail | null> {
  const row = await db.selectFrom("money_documents").selectAll().where("id", "=", documentId).executeTakeFirst();
  if (!row) return null;
  const document = moneyDocumentFromRow(row);
  const registration = await getRegistration(db, document.registrationId);
  if (!registration?.email || registration.erasedAt) return null;
  const token = await bookingTokenOf(db, registration.id);
  const link = token && origin ? origin + bookingHref(token) : null;
  return {
    to: registration.email,
    ...documentMailText(document.body, registration.name, link),
    attachments: [
      {
        filename: documentFileName(document.code),
        content: await documentPdf(document.body),
        contentType: "application/pdf",
      },
    ],
  };
}
