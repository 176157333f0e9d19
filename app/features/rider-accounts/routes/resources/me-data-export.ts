import { redirect } from "react-router";
import { servicesContext } from "~/context";
import { ME_PATH } from "~/domain/links";
import { riderDataExport } from "~/features/rider-accounts/server/data-export.server";
import { RIDER_PAGE_HEADERS, signedInRider } from "~/features/rider-accounts/server/sessions.server";
import type { Route } from "./+types/me-data-export";

// /me/data.json (docs/features/rider-data.md): everything the site holds about the signed-in
// rider's account, as a file to keep. Private: never cached anywhere. Signed out, /me signs in.

export async function loader({ request, context }: Route.LoaderArgs) {
  const rider = await signedInRider(request, context);
  const exported = rider ? await riderDataExport(context.get(servicesContext).db, rider.id) : null;
  if (!exported) throw redirect(ME_PATH, { headers: RIDER_PAGE_HEADERS });
  return new Response(JSON.stringify(exported, null, 2), {
    headers: {
      ...RIDER_PAGE_HEADERS,
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": 'attachment; filename="my-roadbook-data.json"',
    },
  });
}
