import { SVG_LABEL } from "./label";
import { formatKm, stopLabel } from "~/domain/ride-route/format";
import { sketchOf } from "~/domain/ride-route/sketch";
import type { RouteSummary } from "~/domain/ride-route/types";

type Props = { summary: Pick<RouteSummary, "drawing" | "days" | "distance">; title: string };

/** The route as the text a screen reader gets instead of the drawing. */
export function sketchDescription(summary: Props["summary"]): string {
  const days = summary.days.length;
  const stops = summary.days.slice(0, -1).map(stopLabel);
  return [
    `${days === 1 ? "One day" : `${days} days`}, ${formatKm(summary.distance)}.`,
    stops.length > 0 ? `Overnight stops: ${stops.join(", ")}.` : "",
  ]
    .filter(Boolean)
    .join(" ");
}

/**
 * The route drawn on the server as SVG: the line (days in alternating shades), start, finish,
 * overnight stops with their names, a scale bar and north. No tiles and no script: it reads
 * offline and prints.
 */
export function RouteSketch({ summary, title }: Props) {
  const sketch = sketchOf(summary);
  const { width, height } = sketch;
  const label = (x: number, y: number, text: string, anchor: "start" | "end" = "start") => (
    <text x={x + (anchor === "start" ? 9 : -9)} y={y + 4} textAnchor={anchor} className={SVG_LABEL}>
      {text}
    </text>
  );
  const named = (mark: string, place: string) => (place ? `${mark}: ${place}` : mark);
  // Labels on the right half read leftwards so they stay inside the drawing.
  const side = (x: number) => (x > width * 0.6 ? "end" : "start");
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby="route-sketch-title route-sketch-desc"
      className="route-sketch h-auto w-full rounded-lg border border-ink-100 bg-sand-50"
    >
      <title id="route-sketch-title">{title}</title>
      <desc id="route-sketch-desc">{sketchDescription(summary)}</desc>
      <g fill="none" strokeLinecap="round" strokeLinejoin="round" strokeWidth="3">
        {sketch.paths.map((d, index) => (
          // oxlint-disable-next-line react/no-array-index-key -- one path per day, in day order
          <path key={index} d={d} stroke={index % 2 === 0 ? "#b8490c" : "#f4883d"} />
        ))}
      </g>
      {sketch.stops.map((stop) => (
        <g key={stop.day}>
          <circle cx={stop.x} cy={stop.y} r="5" fill="#fff" stroke="#374254" strokeWidth="2" />
          {label(stop.x, stop.y, stopLabel(summary.days[stop.day - 1]!), side(stop.x))}
        </g>
      ))}
      <circle cx={sketch.start.x} cy={sketch.start.y} r="7" fill="#15803d" stroke="#fff" strokeWidth="2" />
      {label(sketch.start.x, sketch.start.y, named("Start", sketch.startName), side(sketch.start.x))}
      <rect
        x={sketch.finish.x - 6}
        y={sketch.finish.y - 6}
        width="12"
        height="12"
        fill="#151c28"
        stroke="#fff"
        strokeWidth="2"
      />
      {label(sketch.finish.x, sketch.finish.y, named("Finish", sketch.finishName), side(sketch.finish.x))}
      <g transform={`translate(${width - 30} 14)`} aria-hidden="true">
        <path d="M0 22l7-22 7 22-7-5z" fill="#374254" />
        <text x="7" y="36" textAnchor="middle" className={SVG_LABEL}>
          N
        </text>
      </g>
      <g transform={`translate(16 ${height - 14})`}>
        <path d={`M0-6v6h${sketch.scaleBar.length}v-6`} fill="none" stroke="#374254" strokeWidth="2" />
        <text x={sketch.scaleBar.length + 6} y="0" className={SVG_LABEL}>
          {sketch.scaleBar.label}
        </text>
      </g>
    </svg>
  );
}
