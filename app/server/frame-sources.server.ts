import { onContentChanged } from "./content-events.server";
import type { Executor } from "./db/schema.server";
import type { Logger } from "./logger.server";
import { getConfig } from "./services/config.server";
import { listRides } from "./services/rides.server";

/** A safety net for changes made by another instance, whose events this process does not hear. */
const MAX_AGE_MS = 60_000;

/** The origin of an http(s) URL, or null for anything else (empty, relative, mailto:, javascript:…). */
export function frameOrigin(url: string | undefined | null): string | null {
  if (!url) return null;
  try {
    const parsed = new URL(url);
    return parsed.protocol === "https:" || parsed.protocol === "http:" ? parsed.origin : null;
  } catch {
    return null;
  }
}

/** The origins of the forms the site shows in a frame: the community form and every ride's booking form. */
export async function embeddedFormOrigins(db: Executor): Promise<string[]> {
  const [config, rides] = await Promise.all([getConfig(db), listRides(db)]);
  const origins = [config.googleForm, ...rides.map((ride) => ride.bookingFormUrl)].map(frameOrigin);
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
    if (!cached || Date.now() - cached.at > MAX_AGE_MS) {
      const entry = {
        at: Date.now(),
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
