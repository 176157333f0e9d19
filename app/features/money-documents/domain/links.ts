// Where a rider downloads a money document. The code goes in the query string, which no log
// keeps (app/domain/loggable-paths.ts); the booking's private link is logged cut at its token.

/** A document of the booking whose private page is `bookingHref` ('/booking/<token>'). */
export function bookingDocumentHref(bookingHref: string, code: string): string {
  return `${bookingHref}/money-document?code=${encodeURIComponent(code)}`;
}

/** A document of a booking of the signed-in rider's account (My rides). */
export function myDocumentHref(code: string): string {
  return `/me/money-document?code=${encodeURIComponent(code)}`;
}

/** The file's name on the rider's phone: 'RV2627-000042.pdf'. */
export function documentFileName(code: string): string {
  return `${code.replace(/[^A-Za-z0-9-]/g, "")}.pdf`;
}
