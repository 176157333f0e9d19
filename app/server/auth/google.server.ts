import * as oidc from "openid-client";
import { z } from "zod";
import type { GoogleSignIn } from "./auth-env.server";
import {
  GOOGLE_SIGN_IN_COOKIE,
  clearCookie,
  cookieName,
  readCookie,
  serializeCookie,
  sign,
  unsign,
} from "./cookies.server";
import { serverClock } from "../clock.server";

/**
 * Google sign-in through OpenID Connect: authorization code flow with PKCE, state and nonce.
 * The issuer is configurable (OIDC_ISSUER), so the tests run the same code against a real
 * local provider. What the callback must check travels in a signed, HttpOnly cookie that
 * lives ten minutes: no server-side state, so any instance can finish a sign-in another began.
 */
const TRANSACTION_SECONDS = 10 * 60;

export type GoogleIdentity = { subject: string; email: string | null; emailVerified: boolean };

/** Anything that went wrong between our server, the browser and the provider. */
export class GoogleSignInError extends Error {
  override readonly name = "GoogleSignInError";
}

const transactionSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(1),
  expiresAt: z.number(),
});
type Transaction = z.infer<typeof transactionSchema>;

let discovered: { key: string; configuration: Promise<oidc.Configuration> } | undefined;

/** The provider's configuration, discovered once per process; a failed discovery is retried next time. */
function configurationOf(google: GoogleSignIn): Promise<oidc.Configuration> {
  const key = `${google.issuer} ${google.clientId}`;
  if (discovered?.key === key) return discovered.configuration;
  const local = new URL(google.issuer).protocol === "http:";
  const configuration = oidc.discovery(
    new URL(google.issuer),
    google.clientId,
    google.clientSecret,
    undefined,
    local ? { execute: [oidc.allowInsecureRequests] } : undefined,
  );
  discovered = { key, configuration };
  configuration.catch(() => {
    if (discovered?.configuration === configuration) discovered = undefined;
  });
  return configuration;
}

export type GoogleFlowOptions = { redirectUri: string; secret: string; secure: boolean };

/** Where to send the browser to sign in with Google, and the cookie that remembers the checks. */
export async function startGoogleSignIn(
  google: GoogleSignIn,
  options: GoogleFlowOptions,
): Promise<{ location: string; setCookie: string }> {
  const configuration = await configurationOf(google);
  const transaction: Transaction = {
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    codeVerifier: oidc.randomPKCECodeVerifier(),
    expiresAt: serverClock().getTime() + TRANSACTION_SECONDS * 1000,
  };
  const location = oidc.buildAuthorizationUrl(configuration, {
    redirect_uri: options.redirectUri,
    scope: "openid email",
    response_type: "code",
    code_challenge: await oidc.calculatePKCECodeChallenge(transaction.codeVerifier),
    code_challenge_method: "S256",
    state: transaction.state,
    nonce: transaction.nonce,
  });
  const value = sign(Buffer.from(JSON.stringify(transaction)).toString("base64url"), options.secret);
  return {
    location: location.href,
    setCookie: serializeCookie(cookieName(GOOGLE_SIGN_IN_COOKIE, options.secure), value, {
      secure: options.secure,
      maxAgeSeconds: TRANSACTION_SECONDS,
    }),
  };
}

function readTransaction(request: Request, options: GoogleFlowOptions): Transaction {
  const signed = readCookie(request, cookieName(GOOGLE_SIGN_IN_COOKIE, options.secure));
  const value = signed ? unsign(signed, options.secret) : null;
  if (!value) throw new GoogleSignInError("No sign-in in progress in this browser");
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(value, "base64url").toString());
  } catch {
    throw new GoogleSignInError("Unreadable sign-in cookie");
  }
  const transaction = transactionSchema.safeParse(parsed);
  if (!transaction.success) throw new GoogleSignInError("Unreadable sign-in cookie");
  if (transaction.data.expiresAt < serverClock().getTime()) throw new GoogleSignInError("The sign-in took too long");
  return transaction.data;
}

/**
 * Completes the sign-in the provider sent the browser back from: checks state, exchanges the
 * code (with the PKCE verifier) and verifies the ID token (signature, issuer, audience, nonce).
 */
export async function finishGoogleSignIn(
  google: GoogleSignIn,
  request: Request,
  options: GoogleFlowOptions,
): Promise<GoogleIdentity> {
  const transaction = readTransaction(request, options);
  const configuration = await configurationOf(google);
  // The provider redirected to redirectUri; behind a proxy request.url may name an internal host.
  const callback = new URL(options.redirectUri);
  callback.search = new URL(request.url).search;
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, callback, {
      pkceCodeVerifier: transaction.codeVerifier,
      expectedState: transaction.state,
      expectedNonce: transaction.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims?.sub) throw new GoogleSignInError("The ID token names no subject");
    return {
      subject: claims.sub,
      email: typeof claims.email === "string" ? claims.email : null,
      emailVerified: claims.email_verified === true,
    };
  } catch (error) {
    if (error instanceof GoogleSignInError) throw error;
    throw new GoogleSignInError("The provider refused or the response did not verify", { cause: error });
  }
}

export function clearGoogleSignInCookie(secure: boolean): string {
  return clearCookie(cookieName(GOOGLE_SIGN_IN_COOKIE, secure), secure);
}
