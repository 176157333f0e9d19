/** [longitude, latitude] or [longitude, latitude, elevation in metres], as in GeoJSON. */
export type Position = number[];

/** One track, track segment or route of a GPX file, in file order. */
export type RouteLine = { name: string; points: Position[] };

export type Waypoint = { name: string; position: Position };

export type ParsedGpx = {
  lines: RouteLine[];
  waypoints: Waypoint[];
  /** Whether the lines are the file's tracks (else its routes). */
  fromTracks: boolean;
};

/**
 * How the route becomes days: one line (track or segment) per day, or all lines end to end
 * cut at overnight stops, given as indexes of the joined points (each stop ends one day and
 * starts the next).
 */
export type DaySplit = { by: "lines" } | { by: "stops"; stops: number[] };

export type HighestPoint = { elevation: number; distance: number; position: Position; name: string };

/** The figures of one day; distances in metres, elevations in metres. */
export type RouteDay = {
  day: number;
  distance: number;
  climb: number | null;
  descent: number | null;
  highest: HighestPoint | null;
  start: Position;
  end: Position;
  /** The name of the place the day ends (a waypoint near it), or ''. */
  endName: string;
};

/**
 * What pages need of a route, computed once at upload or when the days change: figures per
 * day, a simplified line per day for drawing and elevation samples for the profile.
 */
export type RouteSummary = {
  points: number;
  distance: number;
  climb: number | null;
  descent: number | null;
  highest: HighestPoint | null;
  days: RouteDay[];
  /** Per day, its pieces (a gap in the file starts a new piece), simplified, [lon, lat] rounded. */
  drawing: Position[][][];
  /** [distance from the start in metres, elevation in metres], evenly spaced; empty without elevations. */
  profile: number[][];
  waypoints: { name: string; position: Position; index: number; distance: number }[];
  lineCount: number;
  split: DaySplit;
};
