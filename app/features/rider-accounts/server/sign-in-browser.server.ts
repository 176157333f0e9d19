import type { RouterContextProvider } from "react-router";
import { requestContext } from "~/context";
import { SIGN_IN_LINK_MINUTES } from "~/features/rider-accounts/domain/account";
import { cookieName, readCookie, serializeCookie } from "~/server/auth/cookies.server";
import { isSecretToken, newSecretToken } from "~/server/auth/secret-token.server";

// The browser that asked for a sign-in link (decision 042): a random nonce in a cookie that
// lives as long as a link, whose hash the link stores (sign-in-links.server.ts). A browser asking
// again keeps its nonce, so every link it asked for in the window completes there.

export const SIGN_IN_BROWSER_COOKIE = "roadbook_rider_link";

type Context = Readonly<RouterContextProvider>;

function browserCookieName(context: Context): string {
  return cookieName(SIGN_IN_BROWSER_COOKIE, context.get(requestContext).secure);
}

/** The nonce this browser keeps from its last request for a link, if any. */
export function signInBrowserOf(request: Request, context: Context): string | undefined {
  const nonce = readCookie(request, browserCookieName(context));
  return isSecretToken(nonce) ? nonce : undefined;
}

/** The nonce to store with a new link: the browser's own, or a new one. */
export function signInBrowserNonce(request: Request, context: Context): string {
  return signInBrowserOf(request, context) ?? newSecretToken().token;
}

/** Set-Cookie keeping `nonce` for as long as the link asked with it works. */
export function signInBrowserCookie(nonce: string, context: Context): string {
  const { secure } = context.get(requestContext);
  return serializeCookie(browserCookieName(context), nonce, { secure, maxAgeSeconds: SIGN_IN_LINK_MINUTES * 60 });
}
