import { Outlet, useLocation } from "react-router";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { servicesContext } from "~/context";
import { FALLBACK_CONFIG } from "~/domain/defaults";
import { loadOrFallback } from "~/server/load-or-fallback.server";
import { CONTENT_PAGE_HANDLE } from "~/islands/content-page";
import { getConfig } from "~/server/content/config.server";
import logoMark from "~/assets/logo-mark.svg";
import type { Route } from "./+types/layout";
import { serverClock } from "~/server/clock.server";

export const handle = CONTENT_PAGE_HANDLE;

/** The web app manifest: the visitor pages install as an app (decision 023); the logo as their icon. */
export function links() {
  return [
    { rel: "manifest", href: "/manifest.webmanifest" },
    { rel: "icon", href: logoMark, type: "image/svg+xml" },
  ];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { db, env, logger } = context.get(servicesContext);
  const config = await loadOrFallback(
    logger,
    "configuration",
    () => getConfig(db),
    () => FALLBACK_CONFIG,
  );
  // The server's year, so the copyright never differs between the server render and hydration.
  // The origin: every page's canonical link and share card are absolute URLs on it.
  return { config, year: serverClock().getFullYear(), origin: env.publicUrl };
}

/** The frame of every visitor page: skip link, navigation, the page as the main landmark, footer. */
export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-svh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <SiteHeader currentPath={pathname} />
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <SiteFooter config={loaderData.config} year={loaderData.year} />
    </div>
  );
}
