import { useCallback } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/domain/action-result";
import { useResultMessage } from "../use-status-message";

export type RiderIntent =
  "payment" | "confirm" | "cancel" | "refund" | "refund-utr" | "check-in" | "participants" | "credit";

/**
 * One rider's (or the ride's) action on the Riders and check-in pages: posted as JSON
 * ({ intent, … }) to the page's action; the answer goes to the status line and the page's
 * data reloads. `pending` names the intent while it runs, so only its button waits.
 */
export function useRiderAction(show: (text: string) => void) {
  const fetcher = useFetcher<ActionResult>();
  useResultMessage(fetcher.data, show);
  const run = useCallback(
    (intent: RiderIntent, body: Record<string, string | boolean> = {}) => {
      void fetcher.submit({ intent, ...body }, { method: "post", encType: "application/json" });
    },
    [fetcher],
  );
  const json = fetcher.json as { intent?: unknown } | undefined;
  const pending = fetcher.state !== "idle" && typeof json?.intent === "string" ? json.intent : null;
  return { run, pending };
}
