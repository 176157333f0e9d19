import { servicesContext } from "~/context";
import { serverClock } from "~/server/clock.server";
import { BodyTooLargeError, readBody } from "~/server/http/read-body.server";
import { paymentMethodsOf } from "~/server/payments/methods.server";
import type { Route } from "./+types/razorpay-webhook";

// POST /payments/razorpay/webhook (decision 060): Razorpay's events about payment links. The
// body is read as bytes, untouched, since its signature is over exactly those bytes.

/** Razorpay's events are a few kilobytes; this leaves room and refuses a flood. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const text = (status: number, body: string, headers: Record<string, string> = {}) =>
  new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", ...headers },
  });

export async function action({ request, context }: Route.ActionArgs) {
  const { db, env, logger } = context.get(servicesContext);
  const online = paymentMethodsOf(env).online;
  if (!online) return text(404, "Online payment is off");
  if (request.method !== "POST") return text(405, "Method not allowed", { Allow: "POST" });
  let raw: Buffer;
  try {
    raw = Buffer.from(await readBody(request, { limit: WEBHOOK_BODY_LIMIT }));
  } catch (error) {
    if (error instanceof BodyTooLargeError) return text(413, "Too large");
    throw error;
  }
  const answer = await online.webhook(db, logger, raw, request.headers, serverClock);
  return text(answer.status, answer.text);
}

export function loader() {
  return text(405, "Method not allowed", { Allow: "POST" });
}
