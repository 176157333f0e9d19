import { servicesContext } from "~/context";
import {
  type ShareCard,
  SHARE_CARD_TYPE,
  isSitePage,
  pageShareCard,
  pageShareCardPath,
  rideShareCardPath,
} from "~/domain/share-card";
import { cachedCard, currentRideCard, drawCard, shareableRide } from "~/server/share-cards/share-cards.server";
import type { Route } from "./+types/share-card";

/** An address names one card's content for ever: any cache may keep the answer. */
const IMMUTABLE = "public, max-age=31536000, immutable";

function notFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=60" },
  });
}

/** An old address (the ride changed since the page was read) leads to the card as it is now. */
function moved(address: string): Response {
  return new Response(null, { status: 302, headers: { Location: address, "Cache-Control": "public, max-age=60" } });
}

/**
 * GET /share/ride/{id}/{stamp}.jpg and /share/page/{page}/{stamp}.jpg: the share card (1200 ×
 * 630 JPEG) Open Graph points at. docs/decisions/023-rider-pocket.md.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  let card: ShareCard;
  let address: string;
  if (params.kind === "ride") {
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
  if (new URL(request.url).pathname !== address) return moved(address);
  const jpeg = await cachedCard(address, () => drawCard(services.storage, card));
  const headers = {
    "Content-Type": SHARE_CARD_TYPE,
    "Content-Length": String(jpeg.length),
    "Cache-Control": IMMUTABLE,
  };
  return new Response(request.method === "HEAD" ? null : new Uint8Array(jpeg), { status: 200, headers });
}
