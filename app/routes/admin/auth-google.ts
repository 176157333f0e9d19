import { redirect } from "react-router";
import { googleSignInRedirect } from "~/server/auth/google-start.server";
import type { Route } from "./+types/auth-google";
import { ADMIN_PATH } from "~/domain/admin-links";

/** The login screen's Google button posts here; a plain visit goes back to it. */
export function loader() {
  return redirect(ADMIN_PATH);
}

/** Sends the browser to the provider. */
export async function action({ context }: Route.ActionArgs) {
  return googleSignInRedirect(context);
}
