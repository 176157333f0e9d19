import { data, redirect } from "react-router";
import { RiderLinkPage } from "~/components/riders/sign-in-page";
import { servicesContext } from "~/context";
import { meLinkHref, ME_PATH } from "~/domain/links";
import { pageTitle } from "~/domain/site";
import { RIDER_PAGE_HEADERS, riderSessionCookie, riderTokenOf } from "~/server/riders/sessions.server";
import { signInWithLink } from "~/server/riders/sign-in-links.server";
import type { Route } from "./+types/me-link";

// /me/link/:token, a mailed one-time sign-in link (docs/features/riders.md). Opening it
// spends nothing: mail scanners fetch links before the rider does. The page's button posts,
// and that post spends the link and signs the browser in.

const PRIVATE_HEADERS = {
  ...RIDER_PAGE_HEADERS,
  "X-Robots-Tag": "noindex, nofollow",
  // The token must not leave as a referrer; same-origin keeps the page's own post working.
  "Referrer-Policy": "same-origin",
};

export function loader({ params }: Route.LoaderArgs) {
  return data({ action: meLinkHref(params.token), spent: false }, { headers: PRIVATE_HEADERS });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { db, logger } = context.get(servicesContext);
  const signedIn = await signInWithLink(db, params.token, riderTokenOf(request, context));
  // Spent, expired or never sent: the page says so and offers a new link.
  if (!signedIn)
    return data({ action: meLinkHref(params.token), spent: true }, { status: 410, headers: PRIVATE_HEADERS });
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
  return <RiderLinkPage action={loaderData.action} spent={actionData?.spent ?? false} />;
}
