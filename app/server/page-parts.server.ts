import type { PagePart, PartsData } from "./registries/page-part.server";
import { loadOrFallback } from "./load-or-fallback.server";
import type { Logger } from "./logger.server";

/** Reads a page's parts from the features at once; one that fails is logged and left out (product.md#public-fallbacks). */
export async function loadParts<Args, Parts extends readonly PagePart<Args, unknown>[]>(
  logger: Logger,
  parts: Parts,
  args: Args,
): Promise<PartsData<Parts>> {
  const loaded = await Promise.all(
    parts.map(async (part) => [
      part.name,
      await loadOrFallback(
        logger,
        part.label,
        () => part.load(args),
        () => undefined,
      ),
    ]),
  );
  // Object.fromEntries cannot type its result: one entry per part that loaded, under its name.
  return Object.fromEntries(loaded.filter(([, data]) => data !== undefined)) as PartsData<Parts>;
}

/** One ride's facts from parts that answer by ride (a page of cards'), by feature; a feature without one is absent. */
export function factsOf(
  parts: Readonly<Record<string, ReadonlyMap<string, unknown> | undefined>>,
  rideId: string,
): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(parts).flatMap(([name, byRide]) => (byRide?.has(rideId) ? [[name, byRide.get(rideId)]] : [])),
  );
}
