import { readFile } from "node:fs/promises";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { LRUCache } from "lru-cache";
import type { AppServices } from "~/context";
import { rideForDisplay } from "~/domain/defaults";
import { fallbackRide } from "~/domain/fallback-content";
import { defaultRenditionWidth, parseImageUrl } from "~/domain/image-urls";
import { registrationAvailability, seatsText } from "~/domain/registration/availability";
import { registrationSettingsOf } from "~/domain/registration/settings";
import type { Ride } from "~/domain/ride";
import { type ShareCard, rideShareCard } from "~/domain/share-card";
import { variantObjectKey } from "../images/keys.server";
import { coversOf } from "../rides/covers.server";
import { getPublicRide } from "../rides/public-rides.server";
import { registrationCounts } from "../registrations/queries.server";
import type { ObjectStorage } from "../storage/storage.server";
import { renderShareCard } from "./layout.server";
import { serverClock } from "../clock.server";

// Share cards on demand: rendered on first request (a few hundred milliseconds), then kept in
// memory by address. The address carries a stamp of the card's content (domain/share-card.ts),
// so a kept card is never stale: a changed ride asks for a new address.

/** About 200 cards of 50–150 KB; evicted least recently used first. */
const CACHE_BYTES = 24 * 1024 * 1024;

const cards = new LRUCache<string, Buffer>({ maxSize: CACHE_BYTES, sizeCalculation: (jpeg) => jpeg.length || 1 });
const rendering = new Map<string, Promise<Buffer>>();

/** The card at this address, rendered once however many previews ask for it at the same time. */
export function cachedCard(address: string, render: () => Promise<Buffer>): Promise<Buffer> {
  const kept = cards.get(address);
  if (kept) return Promise.resolve(kept);
  let pending = rendering.get(address);
  if (!pending) {
    pending = render()
      .then((jpeg) => {
        cards.set(address, jpeg);
        return jpeg;
      })
      .finally(() => rendering.delete(address));
    rendering.set(address, pending);
  }
  return pending;
}

/** The ride a card may show: a public ride, or a bundled sample (which never touch the database). */
export async function shareableRide(db: AppServices["db"], id: string): Promise<Ride | null> {
  return fallbackRide(id) ?? (await getPublicRide(db, id));
}

/**
 * The card of a ride as its page shows it now (the page's meta builds the same card from its
 * loader data), seats included when it takes registrations here.
 */
export async function currentRideCard(db: AppServices["db"], ride: Ride, now = serverClock()): Promise<ShareCard> {
  const display = rideForDisplay(ride);
  // A ride without a photo of its own shows its cover (its gallery's), as its page does.
  const shown = display.image ? display : { ...display, image: (await coversOf(db, [ride.id])).get(ride.id) ?? "" };
  if (registrationSettingsOf(ride).mode !== "site") return rideShareCard(shown, null);
  const counts = await registrationCounts(db, [ride.id]);
  const availability = registrationAvailability(ride, counts.get(ride.id)?.bookedSeats ?? 0, now);
  return rideShareCard(shown, seatsText(availability));
}

const DEMO_PHOTO = /^\/images\/demo\/[a-z0-9-]+\.webp$/;

/**
 * The photo behind a card: an upload's default rendition from the storage, or a bundled demo
 * photo. An external address is never fetched (the server would fetch whatever an admin
 * pasted, and wait on it): such a card has the brand's colours instead.
 */
export async function cardPhoto(storage: ObjectStorage, image: string | null): Promise<Buffer | null> {
  if (!image) return null;
  const upload = parseImageUrl(image);
  if (upload) {
    const object = await storage.get(variantObjectKey(upload.key, defaultRenditionWidth(upload.width)));
    return object ? buffer(object.body) : null;
  }
  if (DEMO_PHOTO.test(image)) {
    return readFile(path.resolve("public", image.slice(1))).catch(() => null);
  }
  return null;
}

/** Renders a card with its photo (or without, when the photo is gone). */
export async function drawCard(storage: ObjectStorage, card: ShareCard): Promise<Buffer> {
  return renderShareCard(card, await cardPhoto(storage, card.image));
}
