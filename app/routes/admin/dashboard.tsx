import { Bike, CalendarClock, CheckCircle2 } from "lucide-react";
import { AdminPage, useAdminPage } from "~/components/admin/admin-page";
import { ActivityList } from "~/components/admin/dashboard/activity-list";
import { FailedDeliveries } from "~/components/admin/dashboard/failed-deliveries";
import { GettingStarted } from "~/components/admin/dashboard/getting-started";
import { QuickActions } from "~/components/admin/dashboard/quick-actions";
import { RideSeatsList } from "~/components/admin/dashboard/ride-seats";
import { FigureCard } from "~/components/admin/figure-card";
import { servicesContext } from "~/context";
import { listFailedDeliveries } from "~/server/outbox/entries.server";
import { listRecentActivity } from "~/server/audit/audit.server";
import { upcomingRideSeats } from "~/server/registrations/queries.server";
import { rideCounts } from "~/server/rides/rides.server";
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard · Roadbook Admin" }];

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const [counts, activity, seats, undelivered] = await Promise.all([
    rideCounts(db),
    listRecentActivity(db),
    upcomingRideSeats(db),
    listFailedDeliveries(db),
  ]);
  return { counts, activity, seats, undelivered };
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { counts, activity, seats, undelivered } = loaderData;
  const [flash] = useAdminPage(null);
  const cards = [
    { label: "Total Rides", value: counts.total, Icon: Bike },
    { label: "Upcoming Rides", value: counts.upcoming, Icon: CalendarClock },
    { label: "Completed Rides", value: counts.completed, Icon: CheckCircle2 },
  ];

  return (
    <AdminPage
      title="Dashboard"
      intro="An overview of the community's rides and the latest changes to the site."
      flash={flash}
    >
      <div className="space-y-8">
        <section aria-labelledby="ride-counts-heading">
          <h2 id="ride-counts-heading" className="sr-only">
            Ride counts
          </h2>
          <dl className="grid gap-4 sm:grid-cols-3">
            {cards.map(({ label, value, Icon }) => (
              <FigureCard key={label} label={label} value={value} Icon={Icon} testId={`count-${label}`} />
            ))}
          </dl>
        </section>
        <FailedDeliveries deliveries={undelivered} />
        <RideSeatsList rides={seats} />
        <QuickActions />
        <div className="grid gap-8 lg:grid-cols-2">
          <ActivityList entries={activity} />
          <GettingStarted />
        </div>
      </div>
    </AdminPage>
  );
}
