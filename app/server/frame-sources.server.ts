import { webOrigin } from "~/domain/web-url";
import { onContentChanged } from "./content-events.server";
import type { Executor } from "./db/schema.server";
import type { Logger } from "./logger.server";
import { getConfig } from "./content/config.server";
import { listRides } from "./rides/rides.server";
import { serverClock } from "./clock.server";

/** A safety net for changes made by another instance, whose events this process does not hear. */
const MAX_AGE_MS = 60_000;

/**
 * The origins of the forms the site shows in a frame: the community form and every ride's
 * booking form. Only valid, normalised origins: the list goes into a response header, and a
 * link stored before the forms checked host names must not be able to rewrite it.
 */
export async function embeddedFormOrigins(db: Executor): Promise<string[]> {
  const [config, rides] = await Promise.all([getConfig(db), listRides(db)]);
  const origins = [config.googleForm, ...rides.map((ride) => ride.bookingFormUrl)].map(webOrigin);
  return [...new Set(origins.filter((origin): origin is string => origin !== null))].sort();
}

export type FrameSources = () => Promise<string[]>;

/**
 * The Content-Security-Policy frame-src list, read from the database only when rides or the
 * configuration changed (or a minute passed), not on every request.
 */
export function cachedFrameSources(db: Executor, logger: Logger): FrameSources {
  let cached: { origins: Promise<string[]>; at: number } | undefined;
  onContentChanged((change) => {
    if (change.collection === "rides" || change.collection === "config") cached = undefined;
  });
  return () => {
    if (!cached || serverClock().getTime() - cached.at > MAX_AGE_MS) {
      const entry = {
        at: serverClock().getTime(),
        origins: embeddedFormOrigins(db).catch((error: unknown) => {
          logger.error({ err: error }, "could not read the embedded form origins");
          if (cached === entry) cached = undefined;
          return [];
        }),
      };
      cached = entry;
    }
    return cached.origins;
  };
}
