import { redirect } from "react-router";
import { endSession } from "~/server/auth/admin-session.server";
import type { Route } from "./+types/logout";
import { ADMIN_PATH } from "~/domain/admin-links";

/** Signing out changes state, so it is a POST; a visit to the URL just goes to the admin root. */
export function loader() {
  return redirect(ADMIN_PATH);
}

/**
 * product.md#admin-access: logout ends the session on the server, removes the cookie and
 * returns to the login screen.
 */
export async function action({ request, context }: Route.ActionArgs) {
  return redirect(ADMIN_PATH, { headers: { "Set-Cookie": await endSession(request, context) } });
}
