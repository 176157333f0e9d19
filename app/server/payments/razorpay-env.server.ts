import { z } from "zod";
import type { EnvPart } from "../env-part.server";
import { RAZORPAY_API_URL } from "./razorpay/client.server";
import { MAX_WEBHOOK_SECRETS } from "./razorpay/webhook-signature.server";

// Razorpay's part of the environment (decision 060): online payment is on when its three
// secrets are set, off when none is; half a configuration stops the server at start-up.

/** What the Razorpay payment method is built with. */
export type RazorpaySettings = {
  keyId: string;
  keySecret: string;
  /** The webhook secret, and the old one during a rotation (docs/features/payments-razorpay.md). */
  webhookSecrets: string[];
  apiUrl: string;
};

const optionalText = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

/** An http: API is a stand-in on this machine; anything else must be https. */
function isAcceptableApiUrl(url: string): boolean {
  const parsed = URL.parse(url);
  if (!parsed || parsed.pathname.replace(/\/+$/, "") !== "" || parsed.search || parsed.username) return false;
  if (parsed.protocol === "https:") return true;
  return parsed.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(parsed.hostname);
}

const WEBHOOK_SECRETS_MESSAGE = `RAZORPAY_WEBHOOK_SECRETS must be one secret, or at most ${MAX_WEBHOOK_SECRETS} separated by a comma during a rotation, none empty`;

const razorpayEnvShape = {
  RAZORPAY_KEY_ID: optionalText.refine(
    (id) => !id || /^rzp_(test|live)_[A-Za-z0-9]+$/.test(id),
    "RAZORPAY_KEY_ID must be a Razorpay key id (rzp_test_… or rzp_live_…)",
  ),
  RAZORPAY_KEY_SECRET: optionalText,
  RAZORPAY_WEBHOOK_SECRETS: optionalText.refine((secrets) => {
    if (!secrets) return true;
    const list = secrets.split(",").map((secret) => secret.trim());
    return list.length <= MAX_WEBHOOK_SECRETS && list.every(Boolean);
  }, WEBHOOK_SECRETS_MESSAGE),
  RAZORPAY_API_URL: optionalText.refine(
    (url) => !url || isAcceptableApiUrl(url),
    "RAZORPAY_API_URL must be an https:// origin (http:// only on 127.0.0.1 or localhost, for a stand-in)",
  ),
};

type RazorpayEnv = { [K in keyof typeof razorpayEnvShape]: string | undefined };

/** All three or none: a missing webhook secret would leave payments unrecorded, silently. */
const keysTogether: [(env: RazorpayEnv) => boolean, { path: string[]; error: string }] = [
  (env) => {
    const set = [env.RAZORPAY_KEY_ID, env.RAZORPAY_KEY_SECRET, env.RAZORPAY_WEBHOOK_SECRETS].filter(Boolean).length;
    return set === 0 || set === 3;
  },
  {
    path: ["RAZORPAY_WEBHOOK_SECRETS"],
    error:
      "RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRETS must be set together (or none: online payment off)",
  },
];

function razorpaySettings(env: RazorpayEnv): RazorpaySettings | undefined {
  const { RAZORPAY_KEY_ID: keyId, RAZORPAY_KEY_SECRET: keySecret, RAZORPAY_WEBHOOK_SECRETS: secrets } = env;
  if (!keyId || !keySecret || !secrets) return undefined;
  return {
    keyId,
    keySecret,
    webhookSecrets: secrets.split(",").map((secret) => secret.trim()),
    apiUrl: (env.RAZORPAY_API_URL ?? RAZORPAY_API_URL).replace(/\/+$/, ""),
  };
}

/** Razorpay's part of the environment, validated with the rest (server/env.server.ts). */
export const razorpayEnv = {
  shape: razorpayEnvShape,
  together: [keysTogether],
  settings: (env) => ({
    /** Online payment through Razorpay Payment Links; unset keys = UPI with a UTR only. */
    razorpay: razorpaySettings(env),
  }),
} satisfies EnvPart<typeof razorpayEnvShape, { razorpay: RazorpaySettings | undefined }>;
