import { servicesContext } from "~/context";
import { documentByBookingToken, notFound, pdfResponse } from "~/features/money-documents/server/download.server";
import type { Route } from "./+types/booking-document";

// /booking/:token/money-document?code=RV2627-000042: a money document of the booking whose
// private link this is, as PDF (docs/features/money-documents.md). Private like the booking page
// (decision 020) and logged as /booking/[token]/money-document, the query never
// (app/domain/loggable-paths.ts). Another booking's code opens nothing.

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const code = new URL(request.url).searchParams.get("code");
  if (!code || code.length > 16) return notFound();
  return pdfResponse(await documentByBookingToken(db, params.token, code));
}
