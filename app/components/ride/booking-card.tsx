import { CalendarPlus, Clock } from "lucide-react";
import { bookingAmount, rideAmount } from "~/domain/cost";
import { formatIndianShortDate, parseIsoDate } from "~/domain/dates";
import type { Ride } from "~/domain/ride";
import type { RideShare } from "~/domain/ride-share";
import { rideCalendarHref } from "~/domain/links";
import { Island } from "~/islands/island";
import { SeatsNote } from "~/components/registration/seats-note";
import { REGISTER_BUTTON_CLASS, RegisterButton, RegisterLabel } from "./register-button";
import { ShareButton } from "./share-button";

type BookingRide = Pick<
  Ride,
  "id" | "title" | "tripCost" | "price" | "bookingCost" | "lastBookingDate" | "bookingFormUrl" | "startDate"
>;

function AmountCard({ label, amount, note }: { label: string; amount: string; note: string }) {
  return (
    <div className="rounded-xl bg-sand-50 p-4">
      <p className="text-sm font-medium text-ink-600">{label}</p>
      <p className="mt-1 text-3xl font-bold text-ink-900">{amount}</p>
      <p className="text-sm text-ink-600">{note}</p>
    </div>
  );
}

/**
 * A ride taking registrations on this site (decision 020): its seats text, and where Register Now
 * goes (null while registration is closed). Absent for a ride using its external form.
 */
export type SiteRegistration = { seats: string | null; href: string | null };

/**
 * The sidebar (product.md#booking-card): last booking date, ride and booking amounts (each hidden when there is
 * none), Register Now and Share This Ride, plus a calendar file of the ride's dates. For a ride
 * taking registrations here, the seats left and Register Now as a link to its form.
 */
export function BookingCard({
  ride,
  registration,
  share,
}: {
  ride: BookingRide;
  registration?: SiteRegistration;
  /** What Share This Ride sends (decision 023). */
  share: RideShare;
}) {
  const lastBookingDate = formatIndianShortDate(ride.lastBookingDate);
  const total = rideAmount(ride);
  const booking = bookingAmount(ride);
  return (
    <section
      aria-labelledby="booking-heading"
      className="overflow-hidden rounded-card border border-ink-100 bg-white shadow-card"
    >
      {lastBookingDate ? (
        <p
          className="flex items-center justify-center gap-2 bg-brand-700 px-4 py-2 text-sm font-semibold text-white"
          data-testid="last-booking-date"
        >
          <Clock aria-hidden="true" className="size-4" />
          Last booking date: {lastBookingDate}
        </p>
      ) : null}
      <div className="space-y-4 p-5">
        <h2 id="booking-heading" className="text-xl font-bold text-ink-900">
          Book This Ride
        </h2>
        {total ? <AmountCard label="Ride Amount" amount={total.amount} note={total.note} /> : null}
        {booking ? <AmountCard label="Booking Amount" amount={booking.amount} note={booking.note} /> : null}
        {registration?.seats ? <SeatsNote text={registration.seats} /> : null}
        {!registration ? (
          <Island
            name="register-button"
            component={RegisterButton}
            props={{ rideTitle: ride.title, bookingFormUrl: ride.bookingFormUrl }}
          />
        ) : registration.href ? (
          <a href={registration.href} className={REGISTER_BUTTON_CLASS}>
            <RegisterLabel />
          </a>
        ) : null}
        <Island name="share-button" component={ShareButton} props={{ share }} />
        {parseIsoDate(ride.startDate) ? (
          <a
            href={rideCalendarHref(ride.id)}
            download
            className="flex items-center justify-center gap-2 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
          >
            <CalendarPlus aria-hidden="true" className="size-4" />
            Add to calendar
          </a>
        ) : null}
      </div>
    </section>
  );
}
