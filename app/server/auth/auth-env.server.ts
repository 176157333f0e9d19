import { randomBytes } from "node:crypto";
import { isIP } from "node:net";
import { z } from "zod";

/** Express's `trust proxy` setting: off, on, a number of hops, or the proxies' addresses. */
export type TrustProxy = boolean | number | string[];

export type GoogleSignIn = { clientId: string; clientSecret: string; issuer: string };

export type AuthSettings = {
  trustProxy: TrustProxy;
  /** Signs the short-lived Google sign-in cookie. */
  sessionSecret: string;
  /**
   * SESSION_SECRET was not set: a random one lives as long as this process, unless the server
   * replaces it with the one it keeps in DATA_DIR (kept-session-secret.server.ts).
   */
  sessionSecretIsEphemeral: boolean;
  /** Set when Google sign-in is configured; the login screen offers it only then. */
  google: GoogleSignIn | undefined;
};

const PROXY_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

/** An address, a CIDR range or one of proxy-addr's names, as Express accepts them. */
function isProxyAddress(token: string): boolean {
  if (PROXY_NAMES.has(token)) return true;
  const [address = "", bits, ...rest] = token.split("/");
  const version = isIP(address);
  if (!version || rest.length > 0) return false;
  if (bits === undefined) return true;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= (version === 4 ? 32 : 128);
}

function parseTrustProxy(value: string | undefined): TrustProxy | null {
  const text = value?.trim() ?? "";
  if (text === "" || text === "false") return false;
  if (text === "true") return true;
  if (/^\d+$/.test(text)) return Number(text);
  const tokens = text.split(",").map((token) => token.trim());
  return tokens.every(isProxyAddress) ? tokens : null;
}

const optionalText = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

/** Plain http is accepted only for a provider on this machine (the tests' local one). */
function isAcceptableIssuer(url: string): boolean {
  // Not a URL at all is the URL check's message, not this one's.
  if (!URL.canParse(url)) return true;
  const { protocol, hostname } = new URL(url);
  return protocol === "https:" || ["localhost", "127.0.0.1", "[::1]"].includes(hostname);
}

/** The sign-in and proxy variables, validated with the rest of the environment (env.server.ts). */
export const authEnvShape = {
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (parsed === null) {
        ctx.addIssue({
          code: "custom",
          message:
            "TRUST_PROXY must be true, false, a number of proxies, or a comma-separated list of addresses/CIDR ranges",
        });
        return z.NEVER;
      }
      return parsed;
    }),
  SESSION_SECRET: optionalText.refine(
    (secret) => !secret || secret.length >= 32,
    "SESSION_SECRET must be at least 32 characters",
  ),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  OIDC_ISSUER: z
    .url({ protocol: /^https?$/, error: "OIDC_ISSUER must be an http(s) URL" })
    .refine(isAcceptableIssuer, "OIDC_ISSUER must use https (http only for localhost)")
    .default("https://accounts.google.com"),
};

type AuthEnv = {
  TRUST_PROXY: TrustProxy;
  SESSION_SECRET: string | undefined;
  GOOGLE_CLIENT_ID: string | undefined;
  GOOGLE_CLIENT_SECRET: string | undefined;
  OIDC_ISSUER: string;
};

/** A half-configured Google sign-in is a mistake worth stopping for, not a silently missing button. */
export const googleCredentialsTogether: [
  (env: Pick<AuthEnv, "GOOGLE_CLIENT_ID" | "GOOGLE_CLIENT_SECRET">) => boolean,
  { path: string[]; error: string },
] = [
  (env) => !env.GOOGLE_CLIENT_ID === !env.GOOGLE_CLIENT_SECRET,
  { path: ["GOOGLE_CLIENT_SECRET"], error: "GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together" },
];

export function authSettings(env: AuthEnv): AuthSettings {
  return {
    trustProxy: env.TRUST_PROXY,
    sessionSecret: env.SESSION_SECRET ?? randomBytes(32).toString("base64url"),
    sessionSecretIsEphemeral: !env.SESSION_SECRET,
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer: env.OIDC_ISSUER }
        : undefined,
  };
}
