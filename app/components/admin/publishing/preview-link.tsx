import { useFetcher } from "react-router";
import type { ActionResult } from "~/domain/action-result";
import { useResultMessage } from "../use-status-message";

type PreviewResult = ActionResult & { preview?: { link: string; expires: string } };

/** A signed link to the public page with the ride or slide, to show someone who is not an admin before it is public. */
export function PreviewLink({ show }: { show: (text: string) => void }) {
  const fetcher = useFetcher<PreviewResult>();
  useResultMessage(fetcher.data, show);
  const preview = fetcher.data?.ok ? fetcher.data.preview : undefined;
  return (
    <section aria-labelledby="preview-heading" className="space-y-3 rounded-lg border border-ink-200 p-4">
      <h2 id="preview-heading" className="text-xl font-bold text-ink-900">
        Preview link
      </h2>
      <p className="text-ink-700">
        The public page as visitors will see it once published, for anyone with the link, signed in or not, until it
        expires.
      </p>
      <button
        type="button"
        disabled={fetcher.state !== "idle"}
        onClick={() => void fetcher.submit({ intent: "preview" }, { method: "post", encType: "application/json" })}
        className="inline-flex min-h-11 items-center rounded-md border border-brand-600 px-4 font-semibold text-brand-700 hover:bg-brand-50"
      >
        Create Preview Link
      </button>
      {preview ? (
        <div className="space-y-1">
          <label className="block">
            <span className="font-semibold text-ink-800">Preview link (expires {preview.expires})</span>
            <input
              readOnly
              value={preview.link}
              onFocus={(event) => event.currentTarget.select()}
              className="mt-1 block min-h-11 w-full rounded-md border border-ink-300 px-3 font-mono text-sm"
            />
          </label>
          <a href={preview.link} target="_blank" rel="noreferrer" className="font-semibold text-brand-700 underline">
            Open the preview
          </a>
        </div>
      ) : null}
    </section>
  );
}
