import { z } from "zod";
import type { EnvPart } from "~/server/env-part.server";

/** The site's VAPID identity (RFC 8292): push services accept its messages for the riders who opted in. */
export type PushSettings = {
  /** The uncompressed P-256 public key, base64url (87 characters): the browser subscribes with it. */
  publicKey: string;
  /** The private key's 32 bytes, base64url (43 characters): signs each message's VAPID token. */
  privateKey: string;
  /** Who push services contact about the site's messages: a mailto: or https: URL. */
  subject: string;
};

const optionalText = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

const BASE64URL = /^[A-Za-z0-9_-]+$/;
const KEYS_MESSAGE = "must come from `npx web-push generate-vapid-keys`";

/** A base64url text of exactly `bytes` bytes, starting with `first` when given (0x04: an uncompressed point). */
export function isBase64UrlOfLength(value: string, bytes: number, first?: number): boolean {
  if (!BASE64URL.test(value)) return false;
  const decoded = Buffer.from(value, "base64url");
  return decoded.length === bytes && (first === undefined || decoded[0] === first);
}

/** The push variables. */
const pushEnvShape = {
  VAPID_PUBLIC_KEY: optionalText.refine(
    (key) => !key || isBase64UrlOfLength(key, 65, 0x04),
    `VAPID_PUBLIC_KEY ${KEYS_MESSAGE} (a base64url P-256 public key)`,
  ),
  VAPID_PRIVATE_KEY: optionalText.refine(
    (key) => !key || isBase64UrlOfLength(key, 32),
    `VAPID_PRIVATE_KEY ${KEYS_MESSAGE} (a base64url P-256 private key)`,
  ),
  VAPID_SUBJECT: optionalText.refine(
    (subject) => !subject || /^mailto:[^@\s]+@[^@\s]+$/.test(subject) || /^https:\/\/[^/\s]+/.test(subject),
    "VAPID_SUBJECT must be a mailto: address or an https: URL",
  ),
};

type PushEnv = {
  VAPID_PUBLIC_KEY: string | undefined;
  VAPID_PRIVATE_KEY: string | undefined;
  VAPID_SUBJECT: string | undefined;
};

/** Half a VAPID identity is a mistake worth stopping for, not a silently missing toggle. */
const vapidTogether: [(env: PushEnv) => boolean, { path: string[]; error: string }] = [
  (env) => {
    const set = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT].filter(Boolean).length;
    return set === 0 || set === 3;
  },
  {
    path: ["VAPID_SUBJECT"],
    error: "VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT must be set together (or none: push off)",
  },
];

/** Push is on when the three are set; off (undefined) otherwise, as mail is without SMTP_URL. */
function pushSettings(env: PushEnv): PushSettings | undefined {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = env;
  return publicKey && privateKey && subject ? { publicKey, privateKey, subject } : undefined;
}

/** Push's part of the environment, validated with the rest (server/env.server.ts). */
export const pushEnv = {
  shape: pushEnvShape,
  together: [vapidTogether],
  settings: (env) => ({
    /** Web Push to riders; unset VAPID keys = no push (the booking page says so). */
    push: pushSettings(env),
  }),
} satisfies EnvPart<typeof pushEnvShape, { push: PushSettings | undefined }>;
