import { Bike, CalendarRange, Route as RouteIcon, Users } from "lucide-react";
import type { Stats } from "~/domain/content";
import { formatStatNumber, type RideBreakdown, statWithPlus } from "~/domain/stats";
import { FigureCard } from "../figure-card";

type StatsOverviewProps = { stats: Stats; breakdown: RideBreakdown };

/** Statistics management (product.md#admin-stats): the visitors' cards, the ride summary and performance metrics. */
export function StatsOverview({ stats, breakdown }: StatsOverviewProps) {
  const cards = [
    { label: "Completed Rides", value: statWithPlus(stats.completedRides), Icon: Bike },
    { label: "Happy Riders", value: statWithPlus(stats.happyRiders), Icon: Users },
    { label: "Kilometers Covered", value: statWithPlus(stats.kilometersCovered), Icon: RouteIcon },
    { label: "Months of Adventure", value: formatStatNumber(stats.monthsOfAdventure), Icon: CalendarRange },
  ];
  const summary = [
    { label: "Total rides", value: formatStatNumber(breakdown.totalRides) },
    { label: "Upcoming", value: formatStatNumber(breakdown.upcomingRides) },
    { label: "Completed", value: formatStatNumber(breakdown.completedRides) },
    { label: "Cancelled", value: formatStatNumber(breakdown.cancelledRides) },
  ];
  const metrics = [
    { label: "Average participants", value: formatStatNumber(breakdown.averageParticipants) },
    { label: "Average distance", value: `${formatStatNumber(breakdown.averageDistance)} km` },
    { label: "Total participants", value: formatStatNumber(breakdown.totalParticipants) },
    { label: "Total distance", value: `${formatStatNumber(breakdown.totalKilometers)} km` },
  ];

  return (
    <div className="space-y-8">
      <section aria-labelledby="stats-preview-heading" className="space-y-3">
        <h2 id="stats-preview-heading" className="font-display text-xl font-bold text-ink-900">
          What visitors see
        </h2>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {cards.map(({ label, value, Icon }) => (
            <FigureCard key={label} label={label} value={value} Icon={Icon} tone="dark" testId={`stat-card-${label}`} />
          ))}
        </dl>
        <p className="text-sm text-ink-600">
          {stats.isAutoCalculated
            ? "Calculated from the rides."
            : "Sample figures: they are replaced by real ones at the next ride change or refresh."}
        </p>
      </section>
      <div className="grid gap-8 md:grid-cols-2">
        <FigureList id="ride-summary" title="Ride summary" rows={summary} />
        <FigureList id="performance-metrics" title="Performance metrics" rows={metrics} note="Over completed rides." />
      </div>
    </div>
  );
}

function FigureList({
  id,
  title,
  rows,
  note,
}: {
  id: string;
  title: string;
  rows: { label: string; value: string }[];
  note?: string;
}) {
  return (
    <section aria-labelledby={`${id}-heading`} className="space-y-3">
      <h2 id={`${id}-heading`} className="font-display text-xl font-bold text-ink-900">
        {title}
      </h2>
      <dl className="divide-y divide-ink-100 rounded-card border border-ink-200 bg-white shadow-card">
        {rows.map((row) => (
          <div key={row.label} className="flex items-center justify-between gap-4 px-4 py-3">
            <dt className="text-ink-700">{row.label}</dt>
            <dd className="font-semibold text-ink-900 tabular-nums" data-testid={`${id}-${row.label}`}>
              {row.value}
            </dd>
          </div>
        ))}
      </dl>
      {note && <p className="text-sm text-ink-600">{note}</p>}
    </section>
  );
}
