import { z } from "zod";
import {
  configInputSchema,
  featuredRideInputSchema,
  heroSlideInputSchema,
  type FeaturedRide,
  type HeroSlide,
  type SiteConfig,
  type Stats,
} from "~/domain/content";
import { migrateLegacyRide } from "~/domain/legacy";
import { PUBLICATION_MESSAGES, isNotPastSupportedYears } from "~/domain/publication";
import { rideInputSchema, type Ride, type RideInput } from "~/domain/ride";
import { type ExportedRoute, exportedRouteSchema } from "../ride-routes/route-transfer.server";
import type { LegacyRideFields, RideRowMeta } from "../rides/ride-rows.server";
import { statsRecordSchema } from "./stats.server";
import { serverClock } from "../clock.server";

/**
 * The content file of `content:export` / `content:import`: every collection of
 * product.md#content-model with its field names. Single records are null when none is stored,
 * so a fallback shown to visitors is never exported as if an admin had saved it. `version` is
 * left out: it guards concurrent edits within one database and starts again at 1 in another.
 */
/** When the ride or slide became or becomes public; null for a draft (decision 025). */
type Publication = { publishedAt: string | null };
export type ExportedRide = Omit<Ride, "version"> & Publication;
export type ContentFile = {
  rides: ExportedRide[];
  heroSlides: (HeroSlide & Publication)[];
  featuredRide: FeaturedRide | null;
  stats: Stats | null;
  config: SiteConfig | null;
  /** Rides' routes (decision 024); a file without them imports rides without routes. */
  routes?: ExportedRoute[];
};

/** A validated file, ready to write. */
export type ImportableContent = {
  rides: ({ input: RideInput; legacy: LegacyRideFields; meta: Omit<RideRowMeta, "version"> } & Publication)[];
  heroSlides: (HeroSlide & Publication)[];
  featuredRide: FeaturedRide | null;
  stats: Stats | null;
  config: SiteConfig | null;
  routes: ExportedRoute[];
};

const timestamp = z.iso
  .datetime({ offset: true, error: "Must be an ISO date-time such as 2026-11-22T10:00:00.000Z" })
  // Stored in UTC (publicationOf): a time outside the supported years would not be one instant in one spelling.
  .refine((value) => isNotPastSupportedYears(new Date(value)), PUBLICATION_MESSAGES.outOfRange);
const recordId = z.string({ error: "Id is required" }).trim().min(1, "Id is required").max(200, "Id is too long");

/**
 * The stored publication instant: UTC, as the public queries compare it as text; a file
 * without one publishes the record when it was created.
 */
function publicationOf(publishedAt: string | null | undefined, createdAt: string): string | null {
  if (publishedAt === null) return null;
  return new Date(publishedAt ?? createdAt).toISOString();
}

/** What a file keeps for a ride besides the admin's fields: the server-managed and legacy ones. */
const rideExtras = z.object({
  id: recordId,
  order: z
    .number({ error: "Order must be a whole number" })
    .int("Order must be a whole number")
    .nullable()
    .default(null),
  createdAt: timestamp.optional(),
  updatedAt: timestamp.optional(),
  // A file without it (older, or hand-written) publishes the ride when it was created.
  publishedAt: timestamp.nullable().optional(),
  price: z.union([z.string(), z.number()], { error: "Price must be text or a number" }).transform(String).default(""),
  thingsToCarry: z.array(z.string(), { error: "Must be a list of text" }).default([]),
});

const slideExtras = z.object({
  id: recordId,
  order: z.number({ error: "Order must be a whole number" }).int("Order must be a whole number").min(0).optional(),
  createdAt: timestamp.optional(),
  updatedAt: timestamp.optional(),
  publishedAt: timestamp.nullable().optional(),
});

const featuredExtras = z.object({ updatedAt: timestamp.nullable().default(null) });

const fileShape = z.strictObject({
  rides: z.array(z.unknown(), { error: "Must be a list of rides" }),
  heroSlides: z.array(z.unknown(), { error: "Must be a list of hero slides" }),
  featuredRide: z.unknown().optional(),
  stats: z.unknown().optional(),
  config: z.unknown().optional(),
  routes: z.array(z.unknown(), { error: "Must be a list of routes" }).optional(),
});

/** 'rides[3].itinerary[0].title' from a zod issue path under a prefix. */
function pathOf(prefix: string, path: readonly PropertyKey[]): string {
  const rest = path.map((key) => (typeof key === "number" ? `[${key}]` : `.${String(key)}`)).join("");
  const full = `${prefix}${rest}`.replace(/^\./, "");
  return full || "file";
}

type Errors = Record<string, string>;

/** Parses one part, adding each of its problems to `errors` under its full path. */
function check<S extends z.ZodType>(
  errors: Errors,
  prefix: string,
  schema: S,
  value: unknown,
): z.output<S> | undefined {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  for (const issue of result.error.issues) errors[pathOf(prefix, issue.path)] ??= issue.message;
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Records each valid id's first index; a repeat is an error on the later record. */
function noteDuplicateId(
  errors: Errors,
  seen: Map<string, number>,
  id: unknown,
  prefix: string,
  kind: string,
  index: number,
): void {
  const parsed = recordId.safeParse(id);
  if (!parsed.success) return;
  const first = seen.get(parsed.data);
  if (first === undefined) seen.set(parsed.data, index);
  else errors[`${prefix}.id`] ??= `Duplicate ${kind} id (also ${prefix.replace(/\[\d+\]$/, "")}[${first}])`;
}

/**
 * Validates a whole content file before anything is written: every invalid record is
 * reported with its path (`rides[3].endDate: End date cannot be before start date`), not
 * only the first. Rides of the old app are migrated (single date, one carry list) first.
 */
export function parseContentFile(
  file: unknown,
  now = serverClock().toISOString(),
): { ok: true; content: ImportableContent } | { ok: false; errors: Errors } {
  const errors: Errors = {};
  const shape = check(errors, "", fileShape, file);
  if (!shape) return { ok: false, errors };

  const rides: ImportableContent["rides"] = [];
  const rideIds = new Map<string, number>();
  shape.rides.forEach((raw, index) => {
    const prefix = `rides[${index}]`;
    if (!isRecord(raw)) {
      errors[prefix] = "Must be a ride object";
      return;
    }
    const migrated = migrateLegacyRide(raw);
    const input = check(errors, prefix, rideInputSchema, migrated);
    const extras = check(errors, prefix, rideExtras, migrated);
    noteDuplicateId(errors, rideIds, raw.id, prefix, "ride", index);
    if (!input || !extras) return;
    const createdAt = extras.createdAt ?? now;
    rides.push({
      input,
      legacy: { price: extras.price, thingsToCarry: extras.thingsToCarry },
      meta: { id: extras.id, order: extras.order, createdAt, updatedAt: extras.updatedAt ?? createdAt },
      publishedAt: publicationOf(extras.publishedAt, createdAt),
    });
  });

  const heroSlides: ImportableContent["heroSlides"] = [];
  const slideIds = new Map<string, number>();
  shape.heroSlides.forEach((raw, index) => {
    const prefix = `heroSlides[${index}]`;
    if (!isRecord(raw)) {
      errors[prefix] = "Must be a hero slide object";
      return;
    }
    const input = check(errors, prefix, heroSlideInputSchema, raw);
    const extras = check(errors, prefix, slideExtras, raw);
    noteDuplicateId(errors, slideIds, raw.id, prefix, "slide", index);
    if (!input || !extras) return;
    const createdAt = extras.createdAt ?? now;
    heroSlides.push({
      ...input,
      id: extras.id,
      order: extras.order ?? index,
      createdAt,
      updatedAt: extras.updatedAt ?? createdAt,
      publishedAt: publicationOf(extras.publishedAt, createdAt),
    });
  });

  const single = <S extends z.ZodType>(name: string, schema: S, value: unknown): z.output<S> | null =>
    value === null || value === undefined ? null : (check(errors, name, schema, value) ?? null);
  const featuredInput = single("featuredRide", featuredRideInputSchema, shape.featuredRide);
  const featuredMeta = single("featuredRide", featuredExtras, shape.featuredRide);
  const stats = single("stats", statsRecordSchema, shape.stats);
  const config = single("config", configInputSchema, shape.config);

  const routes: ExportedRoute[] = [];
  (shape.routes ?? []).forEach((raw, index) => {
    const route = check(errors, `routes[${index}]`, exportedRouteSchema, raw);
    if (!route) return;
    if (!rideIds.has(route.rideId)) errors[`routes[${index}].rideId`] = "Must be the id of a ride in the file";
    else if (routes.some((other) => other.rideId === route.rideId))
      errors[`routes[${index}].rideId`] = "A ride has one route";
    else routes.push(route as ExportedRoute);
  });

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const featuredRide = featuredInput ? { ...featuredInput, updatedAt: featuredMeta?.updatedAt ?? null } : null;
  return { ok: true, content: { rides, heroSlides, featuredRide, stats, config, routes } };
}
