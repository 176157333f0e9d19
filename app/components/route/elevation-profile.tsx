import { SVG_LABEL } from "./label";
import { formatKm, formatMetres } from "~/domain/route/format";
import { PROFILE_HEIGHT, PROFILE_WIDTH, profileOf } from "~/domain/route/sketch";
import type { RouteSummary } from "~/domain/route/types";

type Props = { summary: Pick<RouteSummary, "profile" | "days" | "distance" | "highest" | "climb"> };

/** 'Highest point: Khardung La, 5,359 m at 812 km'. */
export function highestText(highest: NonNullable<RouteSummary["highest"]>): string {
  const where = highest.name ? `${highest.name}, ` : "";
  return `Highest point: ${where}${formatMetres(highest.elevation)} at ${formatKm(highest.distance)}`;
}

/** Elevation along the route as SVG, days marked, the highest point named; nothing without elevations. */
export function ElevationProfile({ summary }: Props) {
  const profile = profileOf(summary);
  if (!profile) return null;
  const { plot, highest } = profile;
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
        {profile.dayStarts.map((start) => (
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
          <text
            x={highest.x}
            y={Math.max(highest.y - 8, 12)}
            textAnchor={highest.x > PROFILE_WIDTH * 0.7 ? "end" : highest.x < PROFILE_WIDTH * 0.3 ? "start" : "middle"}
            className={SVG_LABEL}
          >
            {summary.highest.name || "Highest"} {formatMetres(summary.highest.elevation)}
          </text>
        </g>
      ) : null}
    </svg>
  );
}
