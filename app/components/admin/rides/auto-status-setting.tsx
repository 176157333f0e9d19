import { useFetcher } from "react-router";
import type { ActionResult } from "~/domain/action-result";
import { useResultMessage } from "../use-status-message";

/** The optional automatic status (decision 025): the site marks ended rides completed. */
export function AutoStatusSetting({ enabled, show }: { enabled: boolean; show: (text: string) => void }) {
  const fetcher = useFetcher<ActionResult>();
  useResultMessage(fetcher.data, show);
  const pending = fetcher.state !== "idle" ? fetcher.json : undefined;
  const checked =
    typeof pending === "object" && pending !== null && "enabled" in pending ? pending.enabled === true : enabled;
  return (
    <label className="flex min-h-11 items-center gap-2 text-ink-800">
      <input
        type="checkbox"
        checked={checked}
        disabled={fetcher.state !== "idle"}
        onChange={(event) =>
          void fetcher.submit(
            { intent: "autoStatus", enabled: event.target.checked },
            { method: "post", encType: "application/json" },
          )
        }
      />
      Mark upcoming rides completed automatically the day after they end (India time)
    </label>
  );
}
