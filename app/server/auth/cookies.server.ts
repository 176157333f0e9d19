import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * The sign-in cookies, written by hand so every flag is visible here: HttpOnly (scripts never
 * read them), SameSite=Lax (not sent on cross-site form posts; still sent when Google sends the
 * browser back to the callback), Path=/ and, over https, Secure plus the `__Host-` name prefix,
 * which makes the browser refuse the cookie from a sub-domain or over plain http.
 */
export type CookieOptions = { secure: boolean; maxAgeSeconds: number };

export function cookieName(base: string, secure: boolean): string {
  return secure ? `__Host-${base}` : base;
}

export const SESSION_COOKIE = "roadbook_session";
export const GOOGLE_SIGN_IN_COOKIE = "roadbook_google_sign_in";
/** A sign-in whose first factor passed and whose second is awaited (decision 026): ten minutes. */
export const SECOND_FACTOR_COOKIE = "roadbook_second_factor";

/** The value of one cookie of a request, or undefined. */
export function readCookie(request: Request, name: string): string | undefined {
  const header = request.headers.get("cookie");
  if (!header) return undefined;
  for (const pair of header.split(";")) {
    const separator = pair.indexOf("=");
    if (separator < 0 || pair.slice(0, separator).trim() !== name) continue;
    const value = pair.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function serializeCookie(name: string, value: string, { secure, maxAgeSeconds }: CookieOptions): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    "Path=/",
    `Max-Age=${Math.max(0, Math.floor(maxAgeSeconds))}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

/** A Set-Cookie header that removes the cookie. */
export function clearCookie(name: string, secure: boolean): string {
  return serializeCookie(name, "", { secure, maxAgeSeconds: 0 });
}

function signature(value: string, secret: string): string {
  return createHmac("sha256", secret).update(value).digest("base64url");
}

/** `value.signature`: the server can tell whether it wrote the value itself. */
export function sign(value: string, secret: string): string {
  return `${value}.${signature(value, secret)}`;
}

/** The value when its signature is right, else null. */
export function unsign(signed: string, secret: string): string | null {
  const separator = signed.lastIndexOf(".");
  if (separator < 0) return null;
  const value = signed.slice(0, separator);
  const given = Buffer.from(signed.slice(separator + 1));
  const expected = Buffer.from(signature(value, secret));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}
