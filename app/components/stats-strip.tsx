import { Bike, Route, Users } from "lucide-react";
import { Suspense } from "react";
import { Await } from "react-router";
import type { Stats } from "~/domain/content";
import { statWithPlus } from "~/domain/stats";

const STATS = [
  { key: "completedRides", label: "Completed Rides", Icon: Bike },
  { key: "happyRiders", label: "Happy Riders", Icon: Users },
  { key: "kilometersCovered", label: "Kilometers Covered", Icon: Route },
] as const;

/** Shown in place of each number until the statistics arrive (SPEC §2). */
const LOADING = "...";

/**
 * The statistics of the previous-rides page (SPEC §2). The page streams them: the strip
 * shows '...' until the promise resolves, so the rest of the page never waits for them.
 */
export function StatsStrip({ stats }: { stats: Promise<Stats> | Stats }) {
  return (
    <Suspense fallback={<StatsValues stats={null} />}>
      <Await resolve={stats}>{(resolved) => <StatsValues stats={resolved} />}</Await>
    </Suspense>
  );
}

function StatsValues({ stats }: { stats: Stats | null }) {
  return (
    <dl className="grid gap-4 sm:grid-cols-3" aria-busy={stats === null} data-testid="stats-strip">
      {STATS.map(({ key, label, Icon }) => (
        <div key={key} className="flex items-center gap-4 rounded-card bg-white/5 p-5 ring-1 ring-white/10">
          <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white">
            <Icon aria-hidden="true" className="size-6" />
          </span>
          <div className="flex flex-col-reverse">
            <dt className="text-sm font-medium text-ink-300">{label}</dt>
            <dd className="font-display text-3xl font-extrabold text-white tabular-nums" data-testid={`stat-${key}`}>
              {stats === null ? LOADING : statWithPlus(stats[key])}
            </dd>
          </div>
        </div>
      ))}
    </dl>
  );
}
