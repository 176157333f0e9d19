import { Bike, CalendarDays, Mountain, MountainSnow, Route } from "lucide-react";
import { formatIndianShortDate } from "~/domain/dates";
import { firstRideYear, type PassportFigures as Figures } from "~/features/rider-accounts/domain/passport";
import { formatStatNumber } from "~/domain/stats";

/**
 * A passport's figures. `publicView` keeps to what a public passport may say: of dates, the year
 * of the first ride only (docs/features/ride-passport.md).
 */
export function PassportFigures({ figures, publicView }: { figures: Figures; publicView: boolean }) {
  const first = figures.firstRide;
  const items = [
    { label: "Rides ridden", value: formatStatNumber(figures.rides), Icon: Bike, id: "rides" },
    { label: "Kilometres", value: `${formatStatNumber(figures.kilometres)} km`, Icon: Route, id: "kilometres" },
    {
      label: "Total climb",
      value: figures.climb === null ? "No elevation data" : `${formatStatNumber(figures.climb)} m`,
      Icon: Mountain,
      id: "climb",
    },
    {
      label: "Highest point",
      value: figures.highest
        ? `${formatStatNumber(figures.highest.elevation)} m${figures.highest.name ? ` · ${figures.highest.name}` : ""}`
        : "No elevation data",
      Icon: MountainSnow,
      id: "highest",
    },
    {
      label: "First ride",
      value: !first
        ? "None yet"
        : publicView
          ? firstRideYear(figures) || "—"
          : `${first.title}${first.startDate ? ` · ${formatIndianShortDate(first.startDate)}` : ""}`,
      Icon: CalendarDays,
      id: "first",
    },
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" data-testid="passport-figures">
      {items.map(({ label, value, Icon, id }) => (
        <div
          key={id}
          className="relative flex min-h-20 flex-col-reverse justify-center rounded-card bg-white py-4 pr-4 pl-19 shadow-card"
        >
          <dt className="text-sm text-ink-600">
            <span className="absolute top-1/2 left-4 inline-flex size-11 -translate-y-1/2 items-center justify-center rounded-full bg-brand-600 text-white">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            {label}
          </dt>
          <dd className="text-xl font-bold text-ink-900" data-testid={`passport-${id}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}
