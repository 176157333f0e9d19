import type { Logger } from "./logger.server";

/**
 * product.md#public-fallbacks: when a public page cannot load its data, the failure is logged and the visitor
 * sees fallback content instead of an error page. `what` names the data in the log.
 */
export async function loadOrFallback<T>(
  logger: Logger,
  what: string,
  load: () => Promise<T>,
  fallback: () => T,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    logger.error({ err: error, what }, `failed to load ${what}; showing fallback content`);
    return fallback();
  }
}
