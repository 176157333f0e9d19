import { CalendarDays, CircleAlert } from "lucide-react";
import { formatDateRange } from "~/domain/dates";
import { rideHref } from "~/domain/links";
import { SeatsNote } from "./seats-note";

type HeaderRide = { title: string; startDate: string; endDate: string };

/** The ride a rider is registering for, its dates and its seats. */
export function RegisterHeader({
  ride,
  seats,
  waitlist,
}: {
  ride: HeaderRide;
  seats: string | null;
  waitlist: boolean;
}) {
  return (
    <header className="mt-4">
      <p className="text-sm font-semibold tracking-[0.2em] text-brand-600 uppercase">
        {waitlist ? "Join the waitlist" : "Register"}
      </p>
      <h1 className="mt-1 text-3xl font-extrabold text-ink-900">{ride.title}</h1>
      <p className="mt-2 flex items-center gap-1.5 text-ink-600">
        <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
        {formatDateRange(ride.startDate, ride.endDate)}
      </p>
      {seats ? <SeatsNote text={seats} className="mt-3" /> : null}
    </header>
  );
}

/** Why the ride takes no registration now, and the way back to it. */
export function RegistrationRefusal({ message, rideId }: { message: string; rideId: string }) {
  return (
    <div role="alert" className="rounded-xl border-2 border-brand-600 bg-brand-50 p-5 text-ink-900">
      <p className="flex items-start gap-2 font-semibold">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brand-700" />
        {message}
      </p>
      <a href={rideHref(rideId)} className="mt-3 inline-block font-semibold text-brand-700 underline">
        See the ride
      </a>
    </div>
  );
}
