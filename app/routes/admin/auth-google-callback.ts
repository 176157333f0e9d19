import { redirect } from "react-router";
import { requestContext, servicesContext } from "~/context";
import type { LoginNotice } from "~/server/auth/admin-session.server";
import { secondFactorCookie, sessionCookie, sessionTokenOf } from "~/server/auth/admin-session.server";
import { GoogleSignInError, clearGoogleSignInCookie, finishGoogleSignIn } from "~/server/auth/google.server";
import { signInWithGoogle } from "~/server/auth/sign-in.server";
import type { Route } from "./+types/auth-google-callback";
import { ADMIN_GOOGLE_CALLBACK_PATH, ADMIN_PATH } from "~/domain/admin-links";

/**
 * Where the provider sends the browser back. An admin (by linked Google account or verified
 * email) gets a session and the portal; anyone else the login screen with its message (product.md#messages).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, env, logger } = context.get(servicesContext);
  const { origin, secure, requestId } = context.get(requestContext);
  const headers = new Headers({ "Set-Cookie": clearGoogleSignInCookie(secure), "Cache-Control": "no-store" });
  const backToLogin = (notice: LoginNotice) => redirect(`/admin?login=${notice}`, { headers });
  if (!env.google) return redirect(ADMIN_PATH, { headers });

  try {
    const identity = await finishGoogleSignIn(env.google, request, {
      redirectUri: `${origin}${ADMIN_GOOGLE_CALLBACK_PATH}`,
      secret: env.sessionSecret,
      secure,
    });
    const result = await signInWithGoogle(db, identity, sessionTokenOf(request, context));
    if (!result.ok) {
      logger.warn({ requestId, subject: identity.subject }, "Google sign-in refused: not an admin");
      return backToLogin("denied");
    }
    if (result.ok === "second-factor") {
      // The login screen asks for the second factor (decision 026).
      headers.append("Set-Cookie", secondFactorCookie(result.challenge, context));
      return redirect(ADMIN_PATH, { headers });
    }
    logger.info({ requestId, userId: result.user.id }, "admin signed in with Google");
    headers.append("Set-Cookie", sessionCookie(result.token, context));
    return redirect(ADMIN_PATH, { headers });
  } catch (error) {
    if (error instanceof GoogleSignInError) logger.warn({ requestId, err: error }, "Google sign-in failed");
    else logger.error({ requestId, err: error }, "Google sign-in failed");
    return backToLogin("google-failed");
  }
}
