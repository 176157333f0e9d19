import { adminActionContext } from "~/server/admin/respond.server";
import { uploadRouteAction } from "~/routes/admin/ride-route.server";
import type { Route } from "./+types/ride-route-upload";

const notAllowed = () => Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });

/**
 * POST /admin/rides/{id}/route/gpx?name={file name}: the GPX as the raw body (decision 024),
 * answered as JSON (an ActionResult) for the page's upload field.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return notAllowed();
  const result = await uploadRouteAction(request, params.rideId, adminActionContext(context));
  return Response.json(result.data, { status: result.init?.status ?? 200 });
}

export function loader() {
  return notAllowed();
}
