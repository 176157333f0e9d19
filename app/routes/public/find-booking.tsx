import { data, redirect } from "react-router";
import { FIND_BOOKING_NO_MAIL, FindBookingPage } from "~/components/registration/find-booking-page";
import { requestContext, servicesContext } from "~/context";
import { FIND_BOOKING_PATH, FIND_BOOKING_SENT } from "~/domain/links";
import { findBookingSchema } from "~/domain/registration/input";
import { pageTitle } from "~/domain/site";
import { parseOrErrors } from "~/domain/validation";
import { mailFreshLinks } from "~/server/registrations/booking-link.server";
import { readSmallForm } from "~/server/registrations/read-form.server";
import { beginBookingLookup } from "~/server/registrations/throttle.server";
import type { Route } from "./+types/find-booking";

// /booking, "Find my booking": a rider who lost their private link gives the mobile
// number and email they registered with, and every matching booking on an upcoming ride gets a
// fresh link by mail (the old one works until the fresh one is first used, decision 042). The
// answer never says whether a booking matched: a valid request always ends on the same page, the
// mail goes out from the outbox. A site that sends no mail says so, and renews nothing.

const NO_STORE = { "Cache-Control": "no-store" };
const TOO_LARGE = "The form was too large to read.";
const FAILED = "That could not be done right now. Please try again in a few minutes.";

type Refused = { values: Record<string, string>; errors: Record<string, string>; formError?: string };

function refused(status: number, answer: Refused, headers: Record<string, string> = {}) {
  return data(answer, { status, headers: { ...NO_STORE, ...headers } });
}

export function loader({ request, context }: Route.LoaderArgs) {
  const { mailer } = context.get(servicesContext);
  return { sent: new URL(request.url).searchParams.has(FIND_BOOKING_SENT), mail: mailer.enabled };
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { clientIp, origin, requestId } = context.get(requestContext);
  const form = await readSmallForm(request);
  const values = { mobile: form.fields.mobile ?? "", email: form.fields.email ?? "" };
  if (!form.ok) return refused(413, { values, errors: {}, formError: TOO_LARGE });
  // No mail to send it by: nothing is renewed, and the page does not pretend it was mailed.
  if (!services.mailer.enabled) return refused(409, { values, errors: {}, formError: FIND_BOOKING_NO_MAIL });
  const checked = parseOrErrors(findBookingSchema, values);
  if (!checked.ok) return refused(400, { values, errors: checked.errors });
  try {
    const verdict = await beginBookingLookup(services.db, clientIp, checked.data.mobile);
    if (!verdict.allowed) {
      const retryAfter = { "Retry-After": String(verdict.retryAfterSeconds) };
      return refused(429, { values, errors: {}, formError: verdict.message }, retryAfter);
    }
    await mailFreshLinks(services.db, checked.data, { origin });
  } catch (error) {
    services.logger.error({ err: error, requestId }, "find my booking failed");
    return refused(500, { values, errors: {}, formError: FAILED });
  }
  // Whatever matched: the same redirect, to the same page; a reload does not post again.
  return redirect(`${FIND_BOOKING_PATH}?${FIND_BOOKING_SENT}`, { status: 303, headers: NO_STORE });
}

/** The action's answer holds what the rider typed: no-store, never the cached page's headers. */
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export function meta() {
  return [{ title: pageTitle("Find my booking") }];
}

export default function FindBooking({ loaderData, actionData }: Route.ComponentProps) {
  return <FindBookingPage sent={loaderData.sent} mail={loaderData.mail} answer={actionData} />;
}
