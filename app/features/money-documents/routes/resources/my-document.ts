import { servicesContext } from "~/context";
import { signedInRider } from "~/features/rider-accounts/server/sessions.server";
import { documentOfRider, notFound, pdfResponse } from "~/features/money-documents/server/download.server";
import type { Route } from "./+types/my-document";

// /me/money-document?code=RV2627-000042: a money document of a booking of the signed-in rider's
// account, as PDF (My rides; docs/features/money-documents.md). Without a session, or for another
// rider's document: not found.

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const rider = await signedInRider(request, context);
  const code = new URL(request.url).searchParams.get("code");
  if (!rider || !code || code.length > 16) return notFound();
  return pdfResponse(await documentOfRider(db, rider.id, code));
}
