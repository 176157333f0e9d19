import { SVG_LABEL } from "./label";
import { formatKm, formatMetres } from "~/domain/ride-route/format";
import { PROFILE_HEIGHT, PROFILE_WIDTH, profileOf } from "~/domain/ride-route/sketch";
import type { RouteSummary } from "~/domain/ride-route/types";

type Props = { summary: Pick<RouteSummary, "profile" | "days" | "distance" | "highest" | "climb"> };

/** 'Highest point: Khardung La, 5,359 m at 812 km'. */
export function highestText(highest: NonNullable<RouteSummary["highest"]>): string {
  const where = highest.name ? `${highest.name}, ` : "";
  return `Highest point: ${where}${formatMetres(highest.elevation)} at ${formatKm(highest.distance)}`;
}

/** About how wide a label of SVG_LABEL's 15px letters is, in profile units. */
const LABEL_CHAR_WIDTH = 8.5;
/** Labels whose baselines are closer than this share a line. */
const LABEL_LINE = 16;

type Box = { left: number; right: number };

function textBox(x: number, text: string, anchor: "start" | "middle" | "end"): Box {
  const width = text.length * LABEL_CHAR_WIDTH;
  const left = anchor === "start" ? x : anchor === "middle" ? x - width / 2 : x - width;
  return { left, right: left + width };
}

/**
 * The days whose 'Day n' fits: not over the label before it, the highest point's label or the
 * right edge. Short days (a rest day, an arrival loop) keep their line, not always their label.
 */
function labelledDays<T extends { x: number; day: number }>(
  starts: T[],
  y: number,
  highest: (Box & { y: number }) | null,
): T[] {
  const labelled: T[] = [];
  let free = -Infinity;
  for (const start of starts) {
    const box = textBox(start.x + 4, `Day ${start.day}`, "start");
    const overHighest =
      highest && Math.abs(highest.y - y) < LABEL_LINE && box.left < highest.right && highest.left < box.right;
    if (box.left < free || box.right > PROFILE_WIDTH || overHighest) continue;
    labelled.push(start);
    free = box.right + 6;
  }
  return labelled;
}

/** Elevation along the route as SVG, days marked, the highest point named; nothing without elevations. */
export function ElevationProfile({ summary }: Props) {
  const profile = profileOf(summary);
  if (!profile) return null;
  const { plot, highest } = profile;
  const highestLabel = summary.highest
    ? `${summary.highest.name || "Highest"} ${formatMetres(summary.highest.elevation)}`
    : "";
  const highestAnchor = highest
    ? highest.x > PROFILE_WIDTH * 0.7
      ? "end"
      : highest.x < PROFILE_WIDTH * 0.3
        ? "start"
        : "middle"
    : "start";
  const highestY = highest ? Math.max(highest.y - 8, 12) : 0;
  const dayLabels = labelledDays(
    profile.dayStarts,
    plot.top - 8,
    highest && {
      ...textBox(highest.x, highestLabel, highestAnchor),
      y: highestY,
    },
  );
  const description = [
    `Elevation from ${formatMetres(profile.minElevation)} to ${formatMetres(profile.maxElevation)}`,
    summary.climb !== null ? `, ${formatMetres(summary.climb)} of climb in all.` : ".",
    summary.highest ? ` ${highestText(summary.highest)}.` : "",
  ].join("");
  return (
    <svg
      viewBox={`0 0 ${PROFILE_WIDTH} ${PROFILE_HEIGHT}`}
      role="img"
      aria-labelledby="route-profile-title route-profile-desc"
      className="route-profile h-auto w-full"
    >
      <title id="route-profile-title">Elevation profile</title>
      <desc id="route-profile-desc">{description}</desc>
      <path d={profile.area} fill="#ffead4" />
      <path d={profile.line} fill="none" stroke="#b8490c" strokeWidth="2" strokeLinejoin="round" />
      <g stroke="#c1cad6" strokeDasharray="3 3">
        {profile.dayStarts.slice(1).map((start) => (
          <path key={start.day} d={`M${start.x} ${plot.top}V${plot.bottom}`} />
        ))}
      </g>
      <g className={SVG_LABEL} aria-hidden="true">
        {dayLabels.map((start) => (
          <text key={start.day} x={start.x + 4} y={plot.top - 8}>
            Day {start.day}
          </text>
        ))}
        <text x={plot.left - 6} y={plot.top + 4} textAnchor="end">
          {profile.maxElevation}
        </text>
        <text x={plot.left - 6} y={plot.bottom} textAnchor="end">
          {profile.minElevation}
        </text>
        <text x={plot.left} y={PROFILE_HEIGHT - 4}>
          0 km
        </text>
        <text x={plot.right} y={PROFILE_HEIGHT - 4} textAnchor="end">
          {formatKm(summary.distance)}
        </text>
      </g>
      {highest && summary.highest ? (
        <g>
          <circle cx={highest.x} cy={highest.y} r="4" fill="#151c28" />
          <text x={highest.x} y={highestY} textAnchor={highestAnchor} className={SVG_LABEL}>
            {highestLabel}
          </text>
        </g>
      ) : null}
    </svg>
  );
}
