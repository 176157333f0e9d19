import { data, redirect } from "react-router";
import { CONFIRM_ACCOUNT, RiderLinkPage } from "~/features/rider-accounts/components/sign-in-page";
import { servicesContext } from "~/context";
import { meLinkHref, ME_PATH } from "~/domain/links";
import { pageTitle } from "~/domain/site";
import { readSmallForm } from "~/server/registrations/read-form.server";
import { RIDER_PAGE_HEADERS, riderSessionCookie, riderTokenOf } from "~/features/rider-accounts/server/sessions.server";
import { signInBrowserOf } from "~/features/rider-accounts/server/sign-in-browser.server";
import { signInWithLink, viewSignInLink } from "~/features/rider-accounts/server/sign-in-links.server";
import type { Route } from "./+types/me-link";

// /me/link/:token, a mailed one-time sign-in link (docs/features/rider-accounts.md). Opening it
// spends nothing: mail scanners fetch links before the rider does. The page's button posts,
// and that post spends the link and signs the browser in: at once in the browser that asked for
// the link; in any other, only once the rider confirmed the account the page names (decision 042).

const PRIVATE_HEADERS = {
  ...RIDER_PAGE_HEADERS,
  "X-Robots-Tag": "noindex, nofollow",
  // The token must not leave as a referrer; same-origin keeps the page's own post working.
  "Referrer-Policy": "same-origin",
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const link = await viewSignInLink(db, params.token, signInBrowserOf(request, context));
  return data({ action: meLinkHref(params.token), link }, { headers: PRIVATE_HEADERS });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, logger } = context.get(servicesContext);
  const form = await readSmallForm(request);
  const signedIn = await signInWithLink(db, params.token, {
    previousSession: riderTokenOf(request, context),
    browserNonce: signInBrowserOf(request, context),
    confirmed: form.ok && form.fields.confirm === CONFIRM_ACCOUNT,
  });
  if (!signedIn.ok) {
    // Spent, expired or never sent: the page says so and offers a new link. Asked for in another
    // browser: the page names the account and asks (409), nothing spent.
    const link = signedIn.refused === "another-browser" ? { account: signedIn.account, thisBrowser: false } : null;
    const status = link ? 409 : 410;
    return data({ action: meLinkHref(params.token), link }, { status, headers: PRIVATE_HEADERS });
  }
  logger.info({ riderId: signedIn.rider.id }, "rider signed in with a mailed link");
  const headers = { ...PRIVATE_HEADERS, "Set-Cookie": riderSessionCookie(signedIn.sessionToken, context) };
  return redirect(ME_PATH, { status: 303, headers });
}

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export function meta() {
  return [
    { title: pageTitle("Sign in") },
    { name: "robots", content: "noindex, nofollow" },
    { name: "referrer", content: "same-origin" },
  ];
}

export default function MeLink({ loaderData, actionData }: Route.ComponentProps) {
  const { action, link } = actionData ?? loaderData;
  return <RiderLinkPage action={action} link={link} />;
}
