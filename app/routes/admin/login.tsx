import { createContext, data, redirect } from "react-router";
import { LoginScreen } from "~/components/admin/login-screen";
import { requestContext, servicesContext } from "~/context";
import { LOGIN_MESSAGES } from "~/domain/messages";
import { pageTitle } from "~/domain/site";
import { readAdminForm } from "~/server/admin/read-form.server";
import {
  clearSecondFactorCookie,
  loginScreenData,
  secondFactorCookie,
  secondFactorTokenOf,
  sessionCookie,
  sessionTokenOf,
} from "~/server/auth/admin-session.server";
import { type SignInResult, signInWithPassword, signInWithSecondFactor } from "~/server/auth/sign-in.server";
import type { Route } from "./+types/login";
import { ADMIN_PATH } from "~/domain/admin-links";

/** Set by the action, so the loader of the same (script-less) form post renders its answer. */
const answeringSignIn = createContext(false);

export function meta() {
  return [{ title: pageTitle("Admin sign-in") }, { name: "robots", content: "noindex, nofollow" }];
}

/** The action's headers (no-store, and Retry-After on a 429) are sent only when passed on here. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

/**
 * product.md#admin-shell: /admin/login redirects to the admin root, where the login screen is. Only a form
 * posted without JavaScript stays here, to show the server's answer.
 */
export function loader({ request, context }: Route.LoaderArgs) {
  if (!context.get(answeringSignIn)) throw redirect(ADMIN_PATH);
  return loginScreenData(request, context);
}

function text(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * Sign-in, by `intent`: email and password (none), then, for an admin with a second factor, a
 * code from the authenticator app (`totp`) or a recovery code (`recovery`); `restart` drops a
 * half-done sign-in. A session for an admin, a clear refusal for anyone else.
 */
export async function action({ request, context }: Route.ActionArgs) {
  context.set(answeringSignIn, true);
  const { db, logger } = context.get(servicesContext);
  const { clientIp, requestId } = context.get(requestContext);
  try {
    const read = await readAdminForm(request);
    if (!read.ok) return data({ error: read.message, fieldErrors: undefined }, { status: read.status });
    const { form } = read;
    const intent = text(form, "intent");
    const previousToken = sessionTokenOf(request, context);
    const headers = new Headers({ "Cache-Control": "no-store" });
    if (intent === "restart") {
      headers.append("Set-Cookie", clearSecondFactorCookie(context));
      throw redirect(ADMIN_PATH, { headers });
    }
    let result: SignInResult;
    if (intent === "totp" || intent === "recovery") {
      result = await signInWithSecondFactor(
        db,
        { method: intent, code: text(form, "code") },
        { clientIp, previousToken, challenge: secondFactorTokenOf(request, context) },
      );
    } else {
      result = await signInWithPassword(
        db,
        { email: form.get("email") ?? "", password: form.get("password") ?? "" },
        { clientIp, previousToken },
      );
    }
    if (result.ok === true) {
      logger.info({ requestId, userId: result.user.id, intent: intent || "password" }, "admin signed in");
      if (secondFactorTokenOf(request, context)) headers.append("Set-Cookie", clearSecondFactorCookie(context));
      headers.append("Set-Cookie", sessionCookie(result.token, context));
      throw redirect(ADMIN_PATH, { headers });
    }
    if (result.ok === "second-factor") {
      headers.append("Set-Cookie", secondFactorCookie(result.challenge, context));
      return data({ error: undefined, fieldErrors: undefined, secondFactor: result.factors }, { headers });
    }
    if (result.retryAfterSeconds) headers.set("Retry-After", String(result.retryAfterSeconds));
    return data({ error: result.error, fieldErrors: result.fieldErrors }, { status: result.status, headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    logger.error({ err: error, requestId }, "password sign-in failed");
    return data({ error: LOGIN_MESSAGES.signInFailed, fieldErrors: undefined }, { status: 500 });
  }
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <LoginScreen
      googleSignIn={loaderData.googleSignIn}
      notice={loaderData.notice}
      secondFactor={loaderData.secondFactor}
      failure={actionData}
    />
  );
}
