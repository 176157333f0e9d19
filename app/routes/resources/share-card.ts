import { servicesContext } from "~/context";
import {
  type ShareCard,
  SHARE_CARD_TYPE,
  isSitePage,
  pageShareCard,
  pageShareCardPath,
  rideShareCardPath,
} from "~/domain/share-card";
import { SHARE_CARD_KINDS } from "~/features/slots/share-cards.server";
import { cachedCard, currentRideCard, drawCard, shareableRide } from "~/server/share-cards/share-cards.server";
import type { Route } from "./+types/share-card";

/** An address names one card's content for ever: any cache may keep the answer. */
const IMMUTABLE = "public, max-age=31536000, immutable";

function notFound(cacheControl = "public, max-age=60"): Response {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": cacheControl },
  });
}

/** A card of a kind that may be withdrawn (a passport's) is never kept by anyone on the way. */
const NOT_KEPT = "no-store";

/** An old address (the ride changed since the page was read) leads to the card as it is now. */
function moved(address: string, cacheControl = "public, max-age=60"): Response {
  return new Response(null, { status: 302, headers: { Location: address, "Cache-Control": cacheControl } });
}

/**
 * GET /share/ride/{id}/{stamp}.jpg, /share/page/{page}/{stamp}.jpg and
 * /share/passport/{slug}/{stamp}.jpg: the share card (1200 × 630 JPEG) Open Graph points at.
 * docs/decisions/023-rider-pocket.md, docs/features/ride-passport.md.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  let card: ShareCard;
  let address: string;
  let cacheControl = IMMUTABLE;
  // A kind the features add (app/features/slots/share-cards.server.ts): the passport's.
  const added = Object.hasOwn(SHARE_CARD_KINDS, params.kind) ? SHARE_CARD_KINDS[params.kind] : undefined;
  if (added) {
    const found = await added.find(services, params.name);
    if (!found) return notFound(added.unkept ? NOT_KEPT : undefined);
    ({ card, address } = found);
    if (added.unkept) cacheControl = NOT_KEPT;
  } else if (params.kind === "ride") {
    const ride = await shareableRide(services.db, params.name);
    if (!ride) return notFound();
    card = await currentRideCard(services.db, ride);
    address = rideShareCardPath(ride.id, card);
  } else if (params.kind === "page" && isSitePage(params.name)) {
    card = pageShareCard(params.name);
    address = pageShareCardPath(params.name);
  } else {
    return notFound();
  }
  if (new URL(request.url).pathname !== address)
    return moved(address, cacheControl === NOT_KEPT ? NOT_KEPT : undefined);
  const jpeg = await cachedCard(address, () => drawCard(services.storage, card));
  const headers = {
    "Content-Type": SHARE_CARD_TYPE,
    "Content-Length": String(jpeg.length),
    "Cache-Control": cacheControl,
  };
  return new Response(request.method === "HEAD" ? null : new Uint8Array(jpeg), { status: 200, headers });
}
