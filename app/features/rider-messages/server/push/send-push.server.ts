import type { Agent } from "node:https";
import webpush from "web-push";
import type { PushMessage } from "~/features/rider-messages/domain/push-message";
import type { Executor } from "~/server/db/schema.server";
import type { PushSettings } from "./push-env.server";
import { forgetPushEndpoint, pushSubscriptionsOf } from "./subscriptions.server";

// Sending one Web Push message (RFC 8030, encrypted per RFC 8291 as aes128gcm, signed per RFC
// 8292 with the site's VAPID keys) through web-push. Called from a delivery of the outbox: it
// never throws, and says which phones are gone for good so they are deleted.

/** A phone's subscription as the browser gave it. */
export type PushTarget = { endpoint: string; keys: { p256dh: string; auth: string } };

export type PushResult = { ok: true } | { ok: false; gone: boolean; reason: string };

export type PushOptions = {
  /** How long the push service keeps a message for a phone that is off, in seconds (default a day). */
  ttlSeconds?: number;
  /** The push service's hint for the phone's battery: `high` wakes it at once. */
  urgency?: "very-low" | "low" | "normal" | "high";
  /** How long a push service may stay silent before the message counts as failed (default 10 s). */
  timeoutMs?: number;
  /** The HTTPS agent (a proxy's, or a test's that trusts its local push service). */
  agent?: Agent;
};

const DAY_SECONDS = 24 * 60 * 60;
const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * What the phone receives, within what every push service carries: 4 KiB encrypted, so about
 * 3,900 bytes of text. Title and text are cut (at a character) rather than the message refused.
 */
const MAX_TITLE = 120;
const MAX_BODY = 600;

function shortened(text: string, max: number): string {
  const characters = [...text];
  return characters.length <= max ? text : `${characters.slice(0, max - 1).join("")}…`;
}

export function pushPayload(message: PushMessage): string {
  return JSON.stringify({
    title: shortened(message.title, MAX_TITLE),
    body: shortened(message.body, MAX_BODY),
    url: message.url,
  });
}

/** 404 and 410: the browser unsubscribed, or its subscription expired. Nothing will reach it again. */
const GONE_STATUSES = new Set([404, 410]);

/** Why a send failed, in words that name no phone (an endpoint identifies one): status or error code. */
function failureOf(error: unknown): { gone: boolean; reason: string } {
  if (error instanceof webpush.WebPushError) {
    return { gone: GONE_STATUSES.has(error.statusCode), reason: `push service answered ${error.statusCode}` };
  }
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return {
    gone: false,
    reason: typeof code === "string" ? code : message.replace(/https?:\/\/\S+/g, "[url]").slice(0, 200),
  };
}

/** Sends one message to one phone. Never throws. */
export async function sendPush(
  config: PushSettings,
  subscription: PushTarget,
  message: PushMessage,
  options: PushOptions = {},
): Promise<PushResult> {
  try {
    await webpush.sendNotification(subscription, pushPayload(message), {
      vapidDetails: { subject: config.subject, publicKey: config.publicKey, privateKey: config.privateKey },
      TTL: options.ttlSeconds ?? DAY_SECONDS,
      urgency: options.urgency ?? "normal",
      contentEncoding: "aes128gcm",
      timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
      ...(options.agent ? { agent: options.agent } : {}),
    });
    return { ok: true };
  } catch (error) {
    return { ok: false, ...failureOf(error) };
  }
}

export type RegistrationPushReport = {
  /** Phones the push service accepted the message for. */
  sent: number;
  /** Phones it did not reach now (the service down, slow, refusing): worth trying again. */
  failed: number;
  /** Phones gone for good, whose subscriptions are now deleted. */
  gone: number;
  /** Why each failed (status or error code), in the order of the phones. */
  reasons: string[];
};

/**
 * Sends `message` to every phone of the registration, side by side, and deletes those the push
 * service says are gone. A registration without phones reports all zeros. Never throws for a
 * push service's answer; a failing database read or delete does throw (the outbox retries).
 */
export async function pushToRegistration(
  db: Executor,
  config: PushSettings,
  registrationId: string,
  message: PushMessage,
  options: PushOptions = {},
): Promise<RegistrationPushReport> {
  const subscriptions = await pushSubscriptionsOf(db, registrationId);
  const results = await Promise.all(
    subscriptions.map((subscription) => sendPush(config, subscription, message, options)),
  );
  const report: RegistrationPushReport = { sent: 0, failed: 0, gone: 0, reasons: [] };
  for (const [index, result] of results.entries()) {
    if (result.ok) {
      report.sent += 1;
    } else if (result.gone) {
      report.gone += 1;
      await forgetPushEndpoint(db, subscriptions[index]!.endpoint);
    } else {
      report.failed += 1;
      report.reasons.push(result.reason);
    }
  }
  return report;
}
