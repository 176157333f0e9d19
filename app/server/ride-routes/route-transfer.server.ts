import { z } from "zod";
import { meetingPointSchema } from "./meeting-point-schema.server";
import { MAX_DRAWING_POINTS } from "~/domain/ride-route/simplify-line";
import type { RouteSummary } from "~/domain/ride-route/types";
import type { Executor } from "../db/schema.server";
import { listRideRoutes } from "./ride-routes.server";

/**
 * A ride's route in a content file: its row as stored. The original GPX stays in object
 * storage, like uploaded images, whose URLs a content file carries without their files; a
 * file moved to another database with the same storage keeps its routes whole.
 */
export type ExportedRoute = {
  rideId: string;
  originalKey: string;
  fileName: string;
  bytes: number;
  dayKeys: string[];
  summary: RouteSummary;
  meetingPoint: z.output<typeof meetingPointSchema>;
  createdAt: string;
  updatedAt: string;
};

export async function exportRoutes(db: Executor): Promise<ExportedRoute[]> {
  return (await listRideRoutes(db)).map(
    ({ rideId, originalKey, fileName, bytes, dayKeys, summary, meetingPoint, createdAt, updatedAt }) => ({
      rideId,
      originalKey,
      fileName,
      bytes,
      dayKeys,
      summary,
      meetingPoint,
      createdAt,
      updatedAt,
    }),
  );
}

const position = z.array(z.number()).min(2).max(3);
const figure = z.number().nonnegative();
const highest = z.object({ elevation: z.number(), distance: figure, position, name: z.string() }).nullable();

/** What pages read of a summary, checked so an edited file cannot break a ride page. */
const summarySchema = z.looseObject({
  points: z.number().int().positive(),
  distance: figure,
  climb: figure.nullable(),
  descent: figure.nullable(),
  highest,
  days: z
    .array(
      z.looseObject({
        day: z.number().int().positive(),
        distance: figure,
        climb: figure.nullable(),
        descent: figure.nullable(),
        highest,
        start: position,
        end: position,
        endName: z.string(),
      }),
    )
    .min(1),
  drawing: z.array(z.array(z.array(position).max(MAX_DRAWING_POINTS))),
  profile: z.array(z.array(z.number()).length(2)),
  waypoints: z.array(z.looseObject({ name: z.string(), position, index: z.number().int(), distance: figure })),
  lineCount: z.number().int().positive(),
  split: z.union([
    z.object({ by: z.literal("lines") }),
    z.object({ by: z.literal("stops"), stops: z.array(z.number().int().positive()) }),
  ]),
});

const routeKey = z.string().regex(/^routes\/[A-Za-z0-9_-]+\/[A-Za-z0-9_-]+\.gpx$/, "Must be a route's storage key");

export const exportedRouteSchema = z.object({
  rideId: z.string().min(1),
  originalKey: routeKey,
  dayKeys: z.array(routeKey).min(1),
  fileName: z.string().min(1).max(200),
  bytes: z.number().int().positive(),
  summary: summarySchema,
  meetingPoint: meetingPointSchema,
  createdAt: z.iso.datetime({ offset: true }),
  updatedAt: z.iso.datetime({ offset: true }),
});

export async function writeRoutes(trx: Executor, routes: ExportedRoute[]): Promise<void> {
  for (const route of routes) {
    await trx
      .insertInto("ride_routes")
      .values({
        ride_id: route.rideId,
        original_key: route.originalKey,
        original_name: route.fileName,
        bytes: route.bytes,
        data: JSON.stringify({ summary: route.summary, meetingPoint: route.meetingPoint, dayKeys: route.dayKeys }),
        created_at: route.createdAt,
        updated_at: route.updatedAt,
      })
      .execute();
  }
}
