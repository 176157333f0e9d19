import type { ListedDocument } from "~/features/money-documents/domain/listed";

/**
 * A booking's money documents, each a link to its PDF (docs/features/money-documents.md):
 * `href` gives a document's address, by the booking's link or the rider's session.
 */
export function ReceiptsList({ documents, href }: { documents: ListedDocument[]; href: (code: string) => string }) {
  return (
    <ul className="space-y-2">
      {documents.map((document) => (
        <li key={document.code} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <a
            href={href(document.code)}
            download
            className="font-semibold text-brand-800 underline underline-offset-2 hover:text-brand-900"
          >
            {document.title} {document.code}
          </a>
          <span className="text-sm text-ink-700">
            {document.amount} · {document.issued}
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The Receipts section of the rider's booking page: nothing until a document is issued. */
export function BookingReceipts({
  documents,
  bookingHref,
}: {
  documents: ListedDocument[];
  bookingHref: (code: string) => string;
}) {
  if (documents.length === 0) return null;
  return (
    <section aria-labelledby="receipts" className="space-y-4 border-t border-ink-100 pt-8">
      <h2 id="receipts" className="text-xl font-bold text-ink-900">
        Receipts
      </h2>
      <p className="text-ink-700">A numbered document for every payment and refund of this booking, as PDF.</p>
      <ReceiptsList documents={documents} href={bookingHref} />
    </section>
  );
}
