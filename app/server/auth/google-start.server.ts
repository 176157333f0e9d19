import { type RouterContextProvider, redirect } from "react-router";
import { requestContext, servicesContext } from "~/context";
import { startGoogleSignIn } from "./google.server";
import { ADMIN_GOOGLE_CALLBACK_PATH, ADMIN_PATH } from "~/domain/admin-links";

/**
 * The redirect that sends the browser to the provider, remembering state, nonce and PKCE
 * verifier in a signed cookie: the login screen's Google button, and an invitee joining with
 * Google (decision 026).
 */
export async function googleSignInRedirect(context: Readonly<RouterContextProvider>): Promise<Response> {
  const { env, logger } = context.get(servicesContext);
  const { origin, secure, requestId } = context.get(requestContext);
  if (!env.google) return redirect(ADMIN_PATH);
  try {
    const { location, setCookie } = await startGoogleSignIn(env.google, {
      redirectUri: `${origin}${ADMIN_GOOGLE_CALLBACK_PATH}`,
      secret: env.sessionSecret,
      secure,
    });
    return redirect(location, { headers: { "Set-Cookie": setCookie } });
  } catch (error) {
    logger.error({ err: error, requestId }, "could not start Google sign-in");
    return redirect("/admin?login=google-failed");
  }
}
