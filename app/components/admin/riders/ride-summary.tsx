import { Link } from "react-router";
import { formatDateRange } from "~/domain/dates";
import { seatsLeft } from "~/domain/registration/availability";
import type { RegistrationSettings } from "~/domain/registration/settings";
import { ADMIN_RIDES_PATH } from "~/domain/admin-links";

type Counts = { bookedSeats: number; confirmed: number; waitlisted: number; checkedIn: number };

/** The line under a Riders or check-in page's heading: the ride's dates and its seats. */
export function SeatsSummary({
  ride,
  counts,
}: {
  ride: { startDate: string; endDate: string; registration: RegistrationSettings };
  counts: Counts;
}) {
  const settings = ride.registration;
  const seats =
    settings.mode === "site"
      ? `${counts.bookedSeats} of ${settings.seats} seats booked, ${seatsLeft(settings, counts.bookedSeats)} left`
      : settings.mode === "closed"
        ? `${counts.bookedSeats} seats booked, registration closed`
        : `${counts.bookedSeats} seats booked; riders now register through the external form`;
  return (
    <span data-testid="seats-summary">
      {formatDateRange(ride.startDate, ride.endDate)} · {seats} · {counts.waitlisted} waitlisted · {counts.checkedIn}{" "}
      checked in
    </span>
  );
}

export function RideNotFound() {
  return (
    <p className="rounded-card border border-dashed border-ink-300 p-5 text-ink-700">
      This ride does not exist (it may have been deleted).{" "}
      <Link to={ADMIN_RIDES_PATH} className="font-semibold text-brand-700 underline">
        Back to Ride Management
      </Link>
    </p>
  );
}
