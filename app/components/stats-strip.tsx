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

/** Shown in place of each number until the statistics arrive (product.md#previous-page). */
const LOADING = "...";

/**
 * The statistics of the previous-rides page (product.md#previous-page). The page streams them: the strip
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
        <div
          key={key}
          className="relative flex min-h-22 flex-col-reverse justify-center rounded-card bg-white/5 py-5 pr-5 pl-22 ring-1 ring-white/10"
        >
          <dt className="text-sm font-medium text-ink-300">
            <span className="absolute top-1/2 left-5 inline-flex size-12 -translate-y-1/2 items-center justify-center rounded-full bg-brand-600 text-white">
              <Icon aria-hidden="true" className="size-6" />
            </span>
            {label}
          </dt>
          <dd className="font-display text-3xl font-extrabold text-white tabular-nums" data-testid={`stat-${key}`}>
            {stats === null ? LOADING : statWithPlus(stats[key])}
          </dd>
        </div>
      ))}
    </dl>
  );
}
