import { useFetcher } from "react-router";
import type { ActionResult } from "~/domain/action-result";
import type { FieldChange } from "~/domain/revisions";
import { useResultMessage } from "../use-status-message";

type RevisionView = { id: string; action: string; actorEmail: string; when: string; changes: FieldChange[] };

const ACTION_TEXT: Record<string, string> = {
  created: "Created",
  updated: "Saved",
  "status-changed": "Status changed",
  restored: "Restored",
  earlier: "Before revisions were kept",
};

/** Every save, newest first: who, when, what changed field by field, and a way back to it. */
export function RevisionList({
  revisions,
  version,
  show,
}: {
  revisions: RevisionView[];
  /** The record's version the page shows (rides): a restore over a newer save is refused. */
  version: number | null;
  show: (text: string) => void;
}) {
  const fetcher = useFetcher<ActionResult>();
  useResultMessage(fetcher.data, show);
  return (
    <section aria-labelledby="revisions-heading" className="space-y-3">
      <h2 id="revisions-heading" className="text-xl font-bold text-ink-900">
        Revisions
      </h2>
      {revisions.length === 0 ? <p className="text-ink-700">No saves recorded yet.</p> : null}
      <ol className="space-y-4">
        {revisions.map((revision, index) => (
          <li
            key={revision.id}
            aria-label={`Revision of ${revision.when}`}
            className="rounded-lg border border-ink-200 p-4"
          >
            <div className="flex flex-wrap items-center justify-between gap-2">
              <p>
                <span className="font-semibold text-ink-900">{ACTION_TEXT[revision.action] ?? revision.action}</span> by{" "}
                {revision.actorEmail} · {revision.when}
                {index === 0 ? <span className="ml-2 rounded bg-ink-100 px-2 text-sm">Current</span> : null}
              </p>
              {index > 0 ? (
                <button
                  type="button"
                  disabled={fetcher.state !== "idle"}
                  onClick={() => {
                    if (!window.confirm("Restore this revision? The current version stays in the history.")) return;
                    void fetcher.submit(
                      { intent: "restore", revisionId: revision.id, version },
                      { method: "post", encType: "application/json" },
                    );
                  }}
                  className="inline-flex min-h-11 items-center rounded-md border border-ink-300 px-4 font-semibold text-ink-800 hover:bg-ink-50"
                >
                  Restore
                </button>
              ) : null}
            </div>
            {revision.changes.length > 0 ? (
              <table className="mt-2 w-full table-fixed text-left text-sm">
                <thead>
                  <tr>
                    <th scope="col" className="w-1/5 py-1">
                      Field
                    </th>
                    <th scope="col" className="py-1">
                      Before
                    </th>
                    <th scope="col" className="py-1">
                      After
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {revision.changes.map((change) => (
                    <tr key={change.field} className="border-t border-ink-100 align-top">
                      <th scope="row" className="py-1 font-mono font-normal break-words">
                        {change.field}
                      </th>
                      <td className="py-1 break-words whitespace-pre-wrap text-red-800">{change.before}</td>
                      <td className="py-1 break-words whitespace-pre-wrap text-green-800">{change.after}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : (
              <p className="mt-2 text-sm text-ink-600">No field changed.</p>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
