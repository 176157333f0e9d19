import { Bike, CalendarClock, CheckCircle2 } from "lucide-react";
import { ActivityList } from "~/components/admin/dashboard/activity-list";
import { GettingStarted } from "~/components/admin/dashboard/getting-started";
import { QuickActions } from "~/components/admin/dashboard/quick-actions";
import { useLiveRevalidation } from "~/components/admin/use-live-revalidation";
import { servicesContext } from "~/context";
import { listRecentActivity } from "~/server/services/audit.server";
import { rideCounts } from "~/server/services/rides.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard · Roadbook Admin" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const [counts, activity] = await Promise.all([rideCounts(db), listRecentActivity(db)]);
  return { counts, activity };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  useLiveRevalidation();
  const { counts, activity } = loaderData;
  const cards = [
    { label: "Total Rides", value: counts.total, Icon: Bike },
    { label: "Upcoming Rides", value: counts.upcoming, Icon: CalendarClock },
    { label: "Completed Rides", value: counts.completed, Icon: CheckCircle2 },
  ];

  return (
    <div className="space-y-8">
      <div>
        <h1 className="font-display text-3xl font-extrabold text-ink-900">Dashboard</h1>
        <p className="mt-1 text-ink-600">An overview of the community's rides and the latest changes to the site.</p>
      </div>
      <section aria-labelledby="ride-counts-heading">
        <h2 id="ride-counts-heading" className="sr-only">
          Ride counts
        </h2>
        <dl className="grid gap-4 sm:grid-cols-3">
          {cards.map(({ label, value, Icon }) => (
            <div key={label} className="flex items-center gap-4 rounded-card border border-ink-200 bg-white p-5 shadow-card">
              <span className="inline-flex size-12 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <div className="flex flex-col-reverse">
                <dt className="text-sm font-medium text-ink-600">{label}</dt>
                <dd className="font-display text-3xl font-extrabold text-ink-900 tabular-nums" data-testid={`count-${label}`}>
                  {value}
                </dd>
              </div>
            </div>
          ))}
        </dl>
      </section>
      <QuickActions />
      <div className="grid gap-8 lg:grid-cols-2">
        <ActivityList entries={activity} />
        <GettingStarted />
      </div>
    </div>
  );
}
