import { data } from "react-router";
import { PassportFigures } from "~/features/rider-accounts/components/passport-figures";
import { servicesContext } from "~/context";
import { FALLBACK_CONFIG } from "~/domain/defaults";
import { HOME_PATH, passportHref } from "~/domain/links";
import { seoSite } from "~/domain/page-seo";
import { absoluteUrl, shareImageTags } from "~/domain/ride-seo";
import { passportFigureTexts, passportTitle } from "~/features/rider-accounts/domain/passport";
import { passportShareCard, passportShareCardPath } from "~/features/rider-accounts/domain/passport-card";
import { pageTitle } from "~/domain/site";
import { publicPassport } from "~/features/rider-accounts/server/passport.server";
import type { Route } from "./+types/passport";

// /passport/:slug (docs/features/ride-passport.md): a passport its rider made public. A first
// name and figures, nothing else of them. Never kept by a cache (no-store), so a passport made
// private or an erased account answers 404 at once; never indexed.

const HEADERS = { "Cache-Control": "no-store", "X-Robots-Tag": "noindex, nofollow" };

export async function loader({ params, context }: Route.LoaderArgs) {
  const passport = await publicPassport(context.get(servicesContext).db, params.slug);
  if (!passport) return data({ found: false as const }, { status: 404, headers: HEADERS });
  const card = passportShareCard(passport.firstName, passport.figures);
  return data(
    { found: true as const, ...passport, cardPath: passportShareCardPath(passport.slug, card) },
    { headers: HEADERS },
  );
}

export function headers() {
  return HEADERS;
}

export function meta({ loaderData, matches }: Route.MetaArgs) {
  const noindex = { name: "robots", content: "noindex, nofollow" };
  if (!loaderData?.found) return [{ title: pageTitle("Passport not found") }, noindex];
  const site = seoSite(matches[1]?.loaderData, FALLBACK_CONFIG.company.name);
  const title = passportTitle(loaderData.firstName);
  const description = passportFigureTexts(loaderData.figures).join(" · ");
  return [
    { title: pageTitle(title) },
    noindex,
    { name: "description", content: description },
    { property: "og:type", content: "profile" },
    { property: "og:site_name", content: site.siteName },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:url", content: absoluteUrl(site.origin, passportHref(loaderData.slug)) },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: description },
    ...shareImageTags(site, loaderData.cardPath, title),
  ];
}

export default function PublicPassport({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-12">
        <h1 className="font-display text-3xl font-extrabold text-ink-900">This passport is not public</h1>
        <p className="text-ink-700">Its rider may have made it private.</p>
        <a href={HOME_PATH} className="font-semibold text-brand-700 underline">
          See our upcoming rides
        </a>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-12">
      <h1 className="font-display text-3xl font-extrabold text-ink-900" data-testid="passport-title">
        {passportTitle(loaderData.firstName)}
      </h1>
      <PassportFigures figures={loaderData.figures} publicView />
      <p className="text-ink-700">
        Ridden with us, counted from the rides' check-ins and routes.{" "}
        <a href={HOME_PATH} className="font-semibold text-brand-700 underline">
          Ride with us
        </a>
      </p>
    </div>
  );
}
