import { useCallback } from "react";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/domain/action-result";
import { submittedString } from "./submitted-json";
import { useResultMessage } from "./use-status-message";

/**
 * A list page's Delete buttons (product.md#admin-rides, #admin-hero): after the admin confirms
 * `confirmText`, the item's id is posted as { intent: "delete", id }; the answer goes to the
 * status line, and `deletingId` names the item while the request runs.
 */
export function useDeleteAction(confirmText: string, show: (text: string) => void) {
  const fetcher = useFetcher<ActionResult>();
  useResultMessage(fetcher.data, show);
  const onDelete = useCallback(
    (item: { id: string }) => {
      if (!window.confirm(confirmText)) return;
      void fetcher.submit({ intent: "delete", id: item.id }, { method: "post", encType: "application/json" });
    },
    [fetcher, confirmText],
  );
  const deletingId = fetcher.state !== "idle" ? submittedString(fetcher.json, "id") : null;
  return { onDelete, deletingId };
}
