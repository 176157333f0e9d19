import type { RouterContextProvider } from "react-router";
import { servicesContext } from "~/context";
import type { Database } from "../db/schema.server";
import { loadOrFallback } from "../load-or-fallback.server";

type AdminPageData<Data, Fallback> = {
  /** Names the data in the log when it fails to load. */
  what: string;
  load: (db: Database) => Promise<Data>;
  /** What the page renders instead: empty lists, or the fallback content visitors would see. */
  fallback: Fallback;
  /** The message for the failure (product.md#messages), which the page's status line shows (see useAdminPage). */
  loadError: string;
};

/**
 * An admin page's loader data. When it cannot be loaded the failure is logged and the page
 * renders its fallback with the message, instead of an error page; `loadError` is null
 * otherwise.
 */
export async function loadAdminPage<Data extends object, Fallback extends object>(
  context: Readonly<RouterContextProvider>,
  page: AdminPageData<Data, Fallback>,
): Promise<(Data & { loadError: null }) | (Fallback & { loadError: string })> {
  const { db, logger } = context.get(servicesContext);
  return loadOrFallback<(Data & { loadError: null }) | (Fallback & { loadError: string })>(
    logger,
    page.what,
    async () => ({ ...(await page.load(db)), loadError: null }),
    () => ({ ...page.fallback, loadError: page.loadError }),
  );
}
