import { useEffect, useEffectEvent } from "react";
import { useRevalidator, useRouteLoaderData } from "react-router";
import { ADMIN_EVENTS_PATH } from "~/domain/admin-links";

/** Changes often come in bursts (a reorder, a save that also recomputes stats): reload once. */
const DEBOUNCE_MS = 150;

/**
 * Keeps the page's data current while another admin (in another browser, on another server
 * instance) changes content: every `content` event reloads the route data, and so does a
 * reconnection, since events sent while disconnected are lost. A change made between the page's
 * load and the stream's opening comes as an event at once: the stream is given the version the
 * admin layout's loader read before the page's data (contentVersion). Forms keep what the admin
 * is typing: they hold their own draft (see useDraft), which revalidation never overwrites.
 */
export function useLiveRevalidation(): void {
  const { revalidate } = useRevalidator();
  const since = useRouteLoaderData<{ liveVersion?: string }>("routes/admin/layout")?.liveVersion;
  const reload = useEffectEvent(() => {
    revalidate().catch((error: unknown) => {
      // A navigation that starts meanwhile aborts this reload and loads the page's data itself.
      if (!(error instanceof DOMException && error.name === "AbortError")) throw error;
    });
  });

  // The version the page loaded at, for the first connection only: one stream per page, and
  // after a reconnection the page reloads whatever the version.
  const streamUrl = useEffectEvent(() =>
    since ? `${ADMIN_EVENTS_PATH}?since=${encodeURIComponent(since)}` : ADMIN_EVENTS_PATH,
  );

  useEffect(() => {
    if (typeof EventSource === "undefined") return;
    const source = new EventSource(streamUrl());
    let timer: ReturnType<typeof setTimeout> | undefined;
    let opened = false;
    const schedule = () => {
      clearTimeout(timer);
      timer = setTimeout(() => reload(), DEBOUNCE_MS);
    };
    const onOpen = () => {
      if (opened) schedule();
      opened = true;
    };
    source.addEventListener("content", schedule);
    source.addEventListener("open", onOpen);
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, []);
}
