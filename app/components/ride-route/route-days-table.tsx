import { formatKm, formatMetres } from "~/domain/ride-route/format";
import type { RouteSummary } from "~/domain/ride-route/types";

type Props = {
  summary: Pick<RouteSummary, "days" | "distance" | "climb" | "descent" | "highest">;
  dayHref: (day: number) => string;
};

const metresOrDash = (value: number | null | undefined) =>
  value === null || value === undefined ? "—" : formatMetres(value);

/** Distance, climb, descent and highest point per day, each day's GPX, and the whole ride's totals. */
export function RouteDaysTable({ summary, dayHref }: Props) {
  return (
    <div className="relative overflow-x-auto">
      <table className="w-full min-w-[32rem] text-left text-sm">
        <caption className="sr-only">Distance and elevation per day</caption>
        <thead className="border-b border-ink-200 text-ink-600">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">
              Day
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">
              Distance
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">
              Climb
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">
              Descent
            </th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">
              Highest point
            </th>
            <th scope="col" className="py-2 font-semibold">
              <span className="sr-only">Download</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">
          {summary.days.map((day) => (
            <tr key={day.day}>
              <th scope="row" className="py-2 pr-3 font-medium text-ink-900">
                Day {day.day}
                {day.endName ? <span className="font-normal text-ink-600"> → {day.endName}</span> : null}
              </th>
              <td className="py-2 pr-3 text-right tabular-nums">{formatKm(day.distance)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{metresOrDash(day.climb)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">{metresOrDash(day.descent)}</td>
              <td className="py-2 pr-3 text-right tabular-nums">
                {metresOrDash(day.highest?.elevation)}
                {day.highest?.name ? <span className="block text-xs text-ink-600">{day.highest.name}</span> : null}
              </td>
              <td className="py-2">
                <a href={dayHref(day.day)} download className="font-medium text-brand-700 underline underline-offset-2">
                  GPX<span className="sr-only"> of day {day.day}</span>
                </a>
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-ink-200 font-semibold text-ink-900">
          <tr>
            <th scope="row" className="py-2 pr-3">
              Total
            </th>
            <td className="py-2 pr-3 text-right tabular-nums">{formatKm(summary.distance)}</td>
            <td className="py-2 pr-3 text-right tabular-nums">{metresOrDash(summary.climb)}</td>
            <td className="py-2 pr-3 text-right tabular-nums">{metresOrDash(summary.descent)}</td>
            <td className="py-2 pr-3 text-right tabular-nums">{metresOrDash(summary.highest?.elevation)}</td>
            <td>
              <span className="sr-only">No download for the total</span>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
