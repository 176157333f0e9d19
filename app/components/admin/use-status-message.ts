import { useCallback, useEffect, useState } from "react";
import { MESSAGE_DISPLAY_MS } from "~/domain/constants";

export type Flash = { text: string; key: number };

let nextKey = 0;

/**
 * The page's current status message and a way to show one. Each message clears itself after
 * MESSAGE_DISPLAY_MS (product.md#messages); showing the same text again restarts the time.
 */
export function useStatusMessage(): [Flash | null, (text: string) => void] {
  const [flash, setFlash] = useState<Flash | null>(null);

  useEffect(() => {
    if (!flash) return;
    const timer = setTimeout(() => setFlash(null), MESSAGE_DISPLAY_MS);
    return () => clearTimeout(timer);
  }, [flash]);

  const show = useCallback((text: string) => {
    nextKey += 1;
    setFlash({ text, key: nextKey });
  }, []);

  return [flash, show];
}

/**
 * Shows `message` of an action result once per result: a fetcher's `data` is a new object
 * after every submission, even when the text is the same as last time.
 */
export function useResultMessage(result: unknown, show: (text: string) => void): void {
  useEffect(() => {
    if (
      result &&
      typeof result === "object" &&
      "message" in result &&
      typeof result.message === "string" &&
      result.message
    ) {
      show(result.message);
    }
  }, [result, show]);
}

/**
 * Shows the loader's failure message (product.md#messages) when the page loads with one, and again when
 * a revalidation brings a different one; the page meanwhile renders its fallback data.
 */
export function useLoadErrorMessage(loadError: string | null, show: (text: string) => void): void {
  useEffect(() => {
    if (loadError) show(loadError);
  }, [loadError, show]);
}
