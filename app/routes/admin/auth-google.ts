import { redirect } from "react-router";
import { requestContext, servicesContext } from "~/context";
import { GOOGLE_CALLBACK_PATH, startGoogleSignIn } from "~/server/auth/google.server";
import type { Route } from "./+types/auth-google";

/** The login screen's Google button posts here; a plain visit goes back to it. */
export function loader() {
  return redirect("/admin");
}

/** Sends the browser to the provider, remembering state, nonce and PKCE verifier in a signed cookie. */
export async function action({ context }: Route.ActionArgs) {
  const { env, logger } = context.get(servicesContext);
  const { origin, secure, requestId } = context.get(requestContext);
  if (!env.google) return redirect("/admin");
  try {
    const { location, setCookie } = await startGoogleSignIn(env.google, {
      redirectUri: `${origin}${GOOGLE_CALLBACK_PATH}`,
      secret: env.sessionSecret,
      secure,
    });
    return redirect(location, { headers: { "Set-Cookie": setCookie } });
  } catch (error) {
    logger.error({ err: error, requestId }, "could not start Google sign-in");
    return redirect("/admin?login=google-failed");
  }
}
