import { CalendarDays, Clock, type LucideIcon, Route } from "lucide-react";
import { ResponsiveImage } from "~/components/responsive-image";
import type { Ride } from "~/domain/ride";
import { type HeroFact, heroFacts } from "./hero-facts";

const FACT_ICONS: Record<HeroFact["label"], LucideIcon> = { Dates: CalendarDays, Duration: Clock, Distance: Route };

type HeroRide = Pick<Ride, "title" | "image" | "startDate" | "endDate" | "duration" | "distance" | "status">;

/** product.md#ride-page: the ride's photo with its title, dates, duration and distance (or what is not decided yet). */
export function RideHero({ ride }: { ride: HeroRide }) {
  return (
    <header className="relative isolate flex min-h-[22rem] items-end overflow-hidden bg-ink-900 sm:min-h-[30rem]">
      {ride.image ? (
        <ResponsiveImage
          src={ride.image}
          alt=""
          priority
          sizes="100vw"
          className="absolute inset-0 -z-20 size-full object-cover"
        />
      ) : null}
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-linear-to-t from-ink-950/90 via-ink-950/40 to-ink-950/5"
      />
      <div className="mx-auto w-full max-w-7xl px-4 pt-24 pb-10 sm:px-6 lg:px-8">
        {ride.status === "completed" ? (
          <p className="mb-3 inline-block rounded-full bg-success-600 px-3 py-1 text-sm font-semibold text-white">
            Completed
          </p>
        ) : null}
        <h1 className="text-hero font-bold text-white">{ride.title}</h1>
        <ul className="mt-5 flex flex-wrap gap-x-6 gap-y-3 text-base text-white sm:text-lg" aria-label="Ride facts">
          {heroFacts(ride).map(({ label, value }) => {
            const Icon = FACT_ICONS[label];
            return (
              <li key={label} className="flex items-center gap-2" data-testid={`hero-${label.toLowerCase()}`}>
                <Icon aria-hidden="true" className="size-5 text-brand-300" />
                <span className="sr-only">{label}: </span>
                {value}
              </li>
            );
          })}
        </ul>
      </div>
    </header>
  );
}
