import { History } from "lucide-react";
import type { AuditEntry } from "~/domain/audit";
import { formatIndianTime } from "~/domain/indian-time";

export function ActivityList({ entries }: { entries: AuditEntry[] }) {
  return (
    <section aria-labelledby="recent-activity-heading" className="space-y-3">
      <h2 id="recent-activity-heading" className="font-display text-xl font-bold text-ink-900">
        Recent activity
      </h2>
      {entries.length === 0 ? (
        <p className="rounded-card border border-dashed border-ink-300 p-5 text-sm text-ink-600">
          No changes yet. Changes made in the admin portal appear here.
        </p>
      ) : (
        <ol
          className="divide-y divide-ink-100 rounded-card border border-ink-200 bg-white shadow-card"
          data-testid="recent-activity"
        >
          {entries.map((entry) => (
            <li key={entry.id} className="flex gap-3 p-4">
              <History aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-ink-400" />
              <div className="min-w-0">
                <p className="font-medium text-ink-900">{entry.summary}</p>
                <p className="text-sm text-ink-600">
                  by <span className="break-all">{entry.actorEmail}</span> ·{" "}
                  <time dateTime={entry.at}>{formatIndianTime(entry.at)}</time>
                </p>
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
