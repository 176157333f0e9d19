import { FEATURE_ISLANDS } from "~/features/slots/islands";

// How the islands script loads each island of the public pages, by name: only when a page
// has that island, so each page fetches the code of its own islands only. React itself is loaded once, by the islands
// script, and shared by all. An island's module must not import island.tsx (the server's
// renderer) or react-router (the admin's client).

export const ISLANDS = {
  "site-nav": () => import("~/components/site-nav").then((module) => module.SiteNav),
  "community-form": () => import("~/components/community-form-button").then((module) => module.CommunityFormButton),
  "ride-tabs": () => import("~/components/ride/ride-tabs").then((module) => module.RideTabs),
  "register-button": () => import("~/components/ride/register-button").then((module) => module.RegisterButton),
  "share-button": () => import("~/components/ride/share-button").then((module) => module.ShareButton),
  "booking-bar": () => import("~/components/ride/booking-bar").then((module) => module.BookingBar),
  "register-form": () => import("~/components/registration/register-form").then((module) => module.RegisterForm),
  "ride-error-alert": () => import("~/components/ride/ride-error-alert").then((module) => module.RideErrorAlert),
  "route-map": () => import("~/components/ride-route/route-map").then((module) => module.RouteMap),
  // Both from one module: saving a ride brings the Saved rides page's code along (decision 023).
  "save-ride": () => import("~/components/rider-pocket/ride-pack-islands").then((module) => module.SaveRideButton),
  "saved-rides": () => import("~/components/rider-pocket/ride-pack-islands").then((module) => module.SavedRidesList),
  // The features' (app/features/slots/islands.ts).
  ...FEATURE_ISLANDS,
};

export type IslandName = keyof typeof ISLANDS;
export type IslandComponents = { [N in IslandName]: Awaited<ReturnType<(typeof ISLANDS)[N]>> };
export type IslandPropsOf<N extends IslandName> = IslandComponents[N] extends (props: infer P) => unknown ? P : never;

/**
 * When an island hydrates (decision 057; the islands script, hydrate-islands.ts, says how):
 * `interaction` when a visitor points at, presses, touches or focuses it; `visible` also when it
 * nears the screen; `scroll` also when the visitor first scrolls the page; `load` once the page has
 * loaded, for an island that is the page's content (say why beside it).
 */
export type HydrateWhen = "interaction" | "visible" | "scroll" | "load";
