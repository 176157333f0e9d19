import { useState } from "react";
import { useFetcher } from "react-router";
import { useResultMessage } from "~/components/admin/use-status-message";
import type { ActionResult } from "~/domain/action-result";
import { formatKm } from "~/domain/ride-route/format";
import type { RouteSummary } from "~/domain/ride-route/types";

type Stop = { kind: "waypoint"; waypoint: number } | { kind: "km"; km: string };

const FIELD = "rounded-md border border-ink-300 px-3 py-2";

/** The stops the current days end at, as the form edits them: a waypoint when one sits there, else its km. */
function currentStops(summary: RouteSummary): Stop[] {
  if (summary.split.by !== "stops") return [];
  let along = 0;
  return summary.split.stops.map((index, position) => {
    along += summary.days[position]!.distance;
    const waypoint = summary.waypoints.findIndex((candidate) => candidate.index === index);
    return waypoint >= 0 ? { kind: "waypoint", waypoint } : { kind: "km", km: (along / 1000).toFixed(1) };
  });
}

/**
 * How the route becomes days: one per track (or segment) of the file, or cut at overnight
 * stops, each a waypoint of the file or a distance read off the profile.
 */
export function RouteDaysForm({
  summary,
  rideDays,
  show,
}: {
  summary: RouteSummary;
  rideDays: number;
  show: (text: string) => void;
}) {
  const fetcher = useFetcher<ActionResult>();
  useResultMessage(fetcher.data, show);
  const [by, setBy] = useState<"lines" | "stops">(summary.split.by);
  const [stops, setStops] = useState<Stop[]>(() => currentStops(summary));
  const error = fetcher.data && !fetcher.data.ok ? (fetcher.data.errors?.days ?? fetcher.data.message) : "";
  const update = (index: number, stop: Stop) => setStops((all) => all.map((old, at) => (at === index ? stop : old)));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const picks = stops.map((stop): Record<string, number> =>
      stop.kind === "waypoint" ? { waypoint: stop.waypoint } : { km: Number(stop.km) },
    );
    void fetcher.submit(by === "stops" ? { intent: "days", by, stops: picks } : { intent: "days", by }, {
      method: "post",
      encType: "application/json",
    });
  }

  return (
    <form onSubmit={submit} className="space-y-4" aria-labelledby="route-days-heading">
      <h2 id="route-days-heading" className="text-xl font-bold text-ink-900">
        Days
      </h2>
      <fieldset className="space-y-2">
        <legend className="sr-only">How the route is split into days</legend>
        <label className="flex items-center gap-2">
          <input
            type="radio"
            name="by"
            checked={by === "lines"}
            disabled={summary.lineCount < 2}
            onChange={() => setBy("lines")}
          />
          One day per track or segment of the file ({summary.lineCount})
        </label>
        <label className="flex items-center gap-2">
          <input type="radio" name="by" checked={by === "stops"} onChange={() => setBy("stops")} />
          Split at overnight stops
        </label>
      </fieldset>
      {by === "stops" ? (
        <div className="space-y-3">
          <p className="text-sm text-ink-600">
            The ride has {rideDays} {rideDays === 1 ? "day" : "days"}. Each stop ends a day and starts the next; pick a
            waypoint of the file or type the distance in km from the start (read it off the profile).
          </p>
          <ol className="space-y-2">
            {stops.map((stop, index) => (
              // oxlint-disable-next-line react/no-array-index-key -- stops are positional: the end of day n
              <li key={index} className="flex flex-wrap items-center gap-2">
                <label className="flex flex-wrap items-center gap-2">
                  <span className="w-28 font-medium">End of day {index + 1}</span>
                  <select
                    className={FIELD}
                    value={stop.kind === "waypoint" ? String(stop.waypoint) : "km"}
                    onChange={(event) =>
                      update(
                        index,
                        event.target.value === "km"
                          ? { kind: "km", km: "" }
                          : { kind: "waypoint", waypoint: Number(event.target.value) },
                      )
                    }
                  >
                    {summary.waypoints.map((waypoint, at) => (
                      // oxlint-disable-next-line react/no-array-index-key -- waypoints may share a name
                      <option key={at} value={String(at)}>
                        {waypoint.name || `Waypoint ${at + 1}`} ({formatKm(waypoint.distance)})
                      </option>
                    ))}
                    <option value="km">At a distance…</option>
                  </select>
                </label>
                {stop.kind === "km" ? (
                  <label className="flex items-center gap-2">
                    <span className="sr-only">Distance of stop {index + 1} in km</span>
                    <input
                      type="number"
                      step="0.1"
                      min="0"
                      inputMode="decimal"
                      className={`${FIELD} w-28`}
                      value={stop.km}
                      onChange={(event) => update(index, { kind: "km", km: event.target.value })}
                    />
                    km
                  </label>
                ) : null}
                <button
                  type="button"
                  className="text-sm text-ink-600 underline"
                  onClick={() => setStops((all) => all.filter((_, at) => at !== index))}
                >
                  Remove<span className="sr-only"> stop {index + 1}</span>
                </button>
              </li>
            ))}
          </ol>
          <button
            type="button"
            className="rounded-md border border-ink-300 px-3 py-2 text-sm font-semibold"
            onClick={() =>
              setStops((all) => [
                ...all,
                summary.waypoints.length > 0
                  ? { kind: "waypoint", waypoint: Math.min(all.length, summary.waypoints.length - 1) }
                  : { kind: "km", km: "" },
              ])
            }
          >
            Add an overnight stop
          </button>
        </div>
      ) : null}
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
      >
        {fetcher.state !== "idle" ? "Saving..." : "Save Days"}
      </button>
    </form>
  );
}
