import { Link } from "react-router";
import { formatDateRange } from "~/domain/dates";
import { ridersHref } from "~/domain/admin-links";
import type { RideSeats } from "~/domain/registration/riders-page";

/** Seats booked and left of each upcoming ride that takes registrations on this site (decision 022). */
export function RideSeatsList({ rides }: { rides: RideSeats[] }) {
  if (rides.length === 0) return null;
  return (
    <section aria-labelledby="ride-seats-heading" className="space-y-3">
      <h2 id="ride-seats-heading" className="font-display text-xl font-bold text-ink-900">
        Registrations
      </h2>
      <ul className="divide-y divide-ink-100 rounded-card border border-ink-200 bg-white shadow-card">
        {rides.map((ride) => (
          <li key={ride.id} data-testid="ride-seats" className="flex flex-wrap items-center justify-between gap-3 p-4">
            <div className="min-w-0">
              <Link to={ridersHref(ride.id)} className="font-semibold text-brand-700 underline underline-offset-2">
                {ride.title}
              </Link>
              <p className="text-sm text-ink-600">{formatDateRange(ride.startDate, "")}</p>
            </div>
            <p className="text-sm text-ink-800">
              <strong>{ride.booked}</strong> of {ride.seats} seats booked · <strong>{ride.left}</strong> left
              {ride.waitlisted > 0 ? ` · ${ride.waitlisted} waitlisted` : ""}
            </p>
            {ride.money ? (
              <p className="w-full text-sm text-ink-700" data-testid="ride-money">
                {ride.money.collected} collected · {ride.money.due} still to pay
                {ride.money.overdue > 0
                  ? ` · ${ride.money.overdue} balance${ride.money.overdue === 1 ? "" : "s"} overdue`
                  : ""}
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
