import { RIDE_COVERS } from "~/features/slots/ride-covers.server";
import type { Executor } from "../db/schema.server";

/**
 * The image of each ride that has none of its own, from the features that give one
 * (app/features/slots/ride-covers.server.ts), the first in the list that has one: its page's
 * hero, its card on Past Adventures, its link previews and its share card.
 */
export async function coversOf(db: Executor, rideIds: readonly string[]): Promise<Map<string, string>> {
  const covers = new Map<string, string>();
  for (const found of await Promise.all(RIDE_COVERS.map((of) => of(db, rideIds)))) {
    for (const [rideId, image] of found) if (!covers.has(rideId)) covers.set(rideId, image);
  }
  return covers;
}
