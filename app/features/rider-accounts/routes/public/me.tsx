import { dispatchFormIntent } from "~/server/http/form-intent.server";
import { data, redirect } from "react-router";
import { RiderAccountPage } from "~/features/rider-accounts/components/account-page";
import { REQUEST_LINK_INTENT, RiderSignInPage } from "~/features/rider-accounts/components/sign-in-page";
import { requestContext, servicesContext } from "~/context";
import { ME_LINK_SENT, ME_PATH } from "~/domain/links";
import { signInRequestSchema } from "~/features/rider-accounts/domain/account";
import { RIDER_PASSKEY_MESSAGES } from "~/features/rider-accounts/domain/passkeys";
import { pageTitle } from "~/domain/site";
import { parseOrErrors } from "~/domain/validation";
import { readSmallForm } from "~/server/registrations/read-form.server";
import { myRides } from "~/features/rider-accounts/server/my-rides.server";
import { creditEntriesOf } from "~/features/credit/server/ledger.server";
import { creditSummary } from "~/features/credit/domain/credit";
import { listRiderPasskeys, removeRiderPasskey } from "~/features/rider-accounts/server/passkeys.server";
import { endRiderSession, RIDER_PAGE_HEADERS, signedInRider } from "~/features/rider-accounts/server/sessions.server";
import { requestSignInLink, tooManySignInRequests } from "~/features/rider-accounts/server/sign-in-links.server";
import { signInBrowserCookie, signInBrowserNonce } from "~/features/rider-accounts/server/sign-in-browser.server";
import type { Route } from "./+types/me";

// /me (docs/features/rider-accounts.md): signed out, the way in (a mailed one-time link, or a
// passkey); signed in, the rider's own place: My rides, passkeys, sign-out. Never cached or
// indexed: it is the rider's own, and the same address answers differently per cookie.

const PRIVATE_HEADERS = { ...RIDER_PAGE_HEADERS, "X-Robots-Tag": "noindex, nofollow" };
const TOO_LARGE = "The form was too large to read.";
const FAILED = "That could not be done right now. Please try again in a few minutes.";
const UNKNOWN_INTENT = "Choose what to do on this page.";

const NOTICES = new Map<string, string>([
  ["passkey-added", RIDER_PASSKEY_MESSAGES.added],
  ["passkey-removed", RIDER_PASSKEY_MESSAGES.removed],
]);

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const query = new URL(request.url).searchParams;
  const rider = await signedInRider(request, context);
  if (!rider) return data({ signedIn: false as const, sent: query.has(ME_LINK_SENT) }, { headers: PRIVATE_HEADERS });
  const [rides, passkeys, entries] = await Promise.all([
    myRides(db, rider.id),
    listRiderPasskeys(db, rider.id),
    creditEntriesOf(db, rider.id),
  ]);
  const notice = NOTICES.get(query.get("done") ?? "") ?? null;
  const credit = creditSummary(entries);
  return data(
    { signedIn: true as const, email: rider.email, rides, passkeys, notice, credit },
    { headers: PRIVATE_HEADERS },
  );
}

type Refused = { values: Record<string, string>; errors: Record<string, string>; formError?: string };

function refused(status: number, answer: Refused, headers: Record<string, string> = {}) {
  return data(answer, { status, headers: { ...PRIVATE_HEADERS, ...headers } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { origin } = context.get(requestContext);
  const form = await readSmallForm(request);
  if (!form.ok) return refused(413, { values: {}, errors: {}, formError: TOO_LARGE });
  const { intent = "", ...fields } = form.fields;

  const signOut = async (everywhere: boolean) => {
    const cookie = await endRiderSession(request, context, { everywhere });
    return redirect(ME_PATH, { status: 303, headers: { ...PRIVATE_HEADERS, "Set-Cookie": cookie } });
  };
  const values = { email: fields.email ?? "" };
  return dispatchFormIntent(
    intent,
    {
      "sign-out": () => signOut(false),
      "sign-out-everywhere": () => signOut(true),
      "remove-passkey": async () => {
        const rider = await signedInRider(request, context);
        if (!rider) return redirect(ME_PATH, { status: 303, headers: PRIVATE_HEADERS });
        // Another rider's passkey, or one removed meanwhile: nothing removed, and the page says so.
        if (!(await removeRiderPasskey(services.db, rider, fields.passkey ?? "", { origin })))
          return refused(404, { values: {}, errors: {}, formError: RIDER_PASSKEY_MESSAGES.notFound });
        return redirect(`${ME_PATH}?done=passkey-removed`, { status: 303, headers: PRIVATE_HEADERS });
      },
      [REQUEST_LINK_INTENT]: () => requestLink({ request, context }, values),
    },
    // A post the page does not send (a body it cannot read reads as no intent) asks for nothing.
    () => refused(400, { values, errors: {}, formError: UNKNOWN_INTENT }),
  );
}

/** The sign-in form: a link mailed to the address if it is a rider's, the same answer if not. */
async function requestLink(
  { request, context }: Pick<Route.ActionArgs, "request" | "context">,
  values: { email: string },
) {
  const services = context.get(servicesContext);
  const { clientIp, origin, requestId } = context.get(requestContext);
  const checked = parseOrErrors(signInRequestSchema, values);
  if (!checked.ok) return refused(400, { values, errors: checked.errors });
  // The link completes at once only in this browser (decision 042).
  const browserNonce = signInBrowserNonce(request, context);
  try {
    const asked = await requestSignInLink(services.db, checked.data.email, { origin, clientIp, browserNonce });
    if (!asked.ok) {
      const retryAfter = { "Retry-After": String(asked.retryAfterSeconds) };
      return refused(
        429,
        { values, errors: {}, formError: tooManySignInRequests(asked.retryAfterSeconds) },
        retryAfter,
      );
    }
  } catch (error) {
    services.logger.error({ err: error, requestId }, "sign-in link request failed");
    return refused(500, { values, errors: {}, formError: FAILED });
  }
  // Known address or not: the same redirect to the same page; a reload does not post again.
  const headers = { ...PRIVATE_HEADERS, "Set-Cookie": signInBrowserCookie(browserNonce, context) };
  return redirect(`${ME_PATH}?${ME_LINK_SENT}`, { status: 303, headers });
}

/** Every answer is private; an action's keeps its own headers too (a throttled post's Retry-After). */
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: pageTitle(loaderData?.signedIn ? "My rides" : "Sign in to My rides") },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

export default function Me({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.signedIn) return <RiderSignInPage sent={loaderData.sent} answer={actionData} />;
  const refusal = actionData ? (actionData.formError ?? Object.values(actionData.errors).join(" ")) : undefined;
  return <RiderAccountPage {...loaderData} refused={refusal} />;
}
