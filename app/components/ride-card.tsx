import { CalendarDays, CircleCheck, Clock, Mountain, Route, Users } from "lucide-react";
import { Link } from "react-router";
import { costBadge } from "~/domain/cost";
import { formatDateRange } from "~/domain/dates";
import { durationText, rideDays } from "~/domain/duration";
import { rideHref } from "~/domain/links";
import { PLACEHOLDERS } from "~/domain/messages";
import type { RideCardData } from "~/domain/ride-summary";
import { RIDE_CARD_FACTS } from "~/features/slots/ride-cards";
import { PageSections } from "./page-sections";
import { SeatsNote } from "./registration/seats-note";
import { ResponsiveImage } from "./responsive-image";
import { RideSocialButtons } from "./ride-social-buttons";

export type RideCardProps = {
  /** A full Ride will do; listing pages pass a RideSummary, with the seats text of a ride taking registrations here. */
  ride: RideCardData;
  /** 'upcoming' (default): cost badge and View Details. 'completed': Completed badge, riders count, Instagram and YouTube buttons. */
  variant?: "upcoming" | "completed";
  /** The card is in the first row the visitor sees: its image loads eagerly. */
  priority?: boolean;
  /** The level of the ride title, one below the heading of the section holding the cards. */
  headingLevel?: 2 | 3;
};

/** How wide a card is in the grids (one column, two from sm, three from lg, inside max-w-7xl). */
const CARD_IMAGE_SIZES = "(min-width: 1280px) 400px, (min-width: 1024px) 31vw, (min-width: 640px) 48vw, 100vw";

/** A ride in the upcoming and previous grids and in 'You Might Also Like' (product.md#ride-cards). */
export function RideCard({ ride, variant = "upcoming", priority = false, headingLevel = 2 }: RideCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const completed = variant === "completed";
  const cost = completed ? null : costBadge(ride);
  const duration =
    rideDays(ride.startDate, ride.endDate) > 0 ? durationText(ride.startDate, ride.endDate) : PLACEHOLDERS.durationTbd;
  const distance = ride.distance.trim() || PLACEHOLDERS.distanceTbd;

  return (
    <article
      data-testid="ride-card"
      className="flex w-full flex-col overflow-hidden rounded-card bg-white shadow-card ring-1 ring-ink-100 transition-shadow hover:shadow-card-hover"
    >
      <div className="relative aspect-4/3 bg-ink-100">
        {ride.image ? (
          <ResponsiveImage
            src={ride.image}
            alt=""
            width={800}
            height={600}
            sizes={CARD_IMAGE_SIZES}
            priority={priority}
            className="size-full object-cover"
          />
        ) : (
          <div className="flex size-full items-center justify-center bg-linear-to-br from-ink-700 to-ink-900">
            <Mountain aria-hidden="true" className="size-16 text-ink-400" />
          </div>
        )}
        {completed && (
          <span className="absolute top-3 left-3 inline-flex items-center gap-1 rounded-full bg-success-600 px-3 py-1 text-xs font-bold text-white shadow">
            <CircleCheck aria-hidden="true" className="size-3.5" />
            Completed
          </span>
        )}
        {cost && (
          <span
            data-testid="cost-badge"
            className="absolute top-3 right-3 rounded-full bg-brand-600 px-3 py-1 text-sm font-bold text-white shadow"
          >
            {cost}
          </span>
        )}
      </div>

      <div className="flex flex-1 flex-col p-5">
        <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-medium text-ink-600">
          <li className="inline-flex items-center gap-1.5">
            <Clock aria-hidden="true" className="size-4 text-brand-600" />
            <span className="sr-only">Duration: </span>
            {duration}
          </li>
          <li className="inline-flex items-center gap-1.5">
            <Route aria-hidden="true" className="size-4 text-brand-600" />
            <span className="sr-only">Distance: </span>
            {distance}
          </li>
          {completed && (
            <li className="inline-flex items-center gap-1.5" data-testid="riders-count">
              <Users aria-hidden="true" className="size-4 text-brand-600" />
              {ride.participants} {ride.participants === 1 ? "rider" : "riders"}
            </li>
          )}
          {completed && ride.facts ? (
            <PageSections sections={RIDE_CARD_FACTS} data={ride.facts} props={{ rideId: ride.id }} />
          ) : null}
        </ul>

        <Heading className="mt-3 text-xl font-bold text-ink-900">
          {completed ? (
            <Link to={rideHref(ride.id)} className="hover:text-brand-700">
              {ride.title}
            </Link>
          ) : (
            ride.title
          )}
        </Heading>
        <p className="mt-2 flex items-center gap-1.5 text-sm text-ink-600">
          <CalendarDays aria-hidden="true" className="size-4 shrink-0" />
          <span data-testid="ride-dates">{formatDateRange(ride.startDate, ride.endDate)}</span>
        </p>
        <p className="mt-3 line-clamp-3 text-ink-700">{ride.description}</p>
        {!completed && ride.seats ? <SeatsNote text={ride.seats} className="mt-3 text-sm" /> : null}

        <div className="mt-auto pt-5">
          {completed ? (
            <RideSocialButtons instagramUrl={ride.instagramUrl} youtubeUrl={ride.youtubeUrl} rideTitle={ride.title} />
          ) : (
            <Link
              to={rideHref(ride.id)}
              className="inline-flex min-h-11 w-full items-center justify-center rounded-full bg-ink-900 px-5 font-semibold text-white transition-colors hover:bg-brand-600"
            >
              View Details
              <span className="sr-only">: {ride.title}</span>
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
