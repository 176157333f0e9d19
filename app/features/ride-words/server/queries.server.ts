import {
  type PublicRideWords,
  ratingSummary,
  type RatingSummary,
  type RideFeedback,
  type RideTestimonial,
  type Testimonial,
} from "~/features/ride-words/domain/feedback";
import { rotationOfDay } from "~/features/ride-words/domain/rotation";
import { sameRoute } from "~/features/ride-words/domain/same-route";
import type { Ride } from "~/domain/ride";
import type { Executor } from "~/server/db/schema.server";
import { rideFromRow } from "~/server/rides/ride-rows.server";
import { feedbackFromRow } from "./rows.server";

// What the pages read of riders' words (docs/features/ride-words.md): the rider's own answer,
// the admins' list, and, for the public pages, approved words only with the first name only.

/** Testimonials a page shows at most: the latest first. */
export const RIDE_PAGE_TESTIMONIALS = 12;
export const ROUTE_TESTIMONIALS = 6;
export const ABOUT_TESTIMONIALS = 3;

/** The rider's own answer, whatever its state, for their booking page. */
export async function feedbackOfRegistration(db: Executor, registrationId: string): Promise<RideFeedback | null> {
  const row = await db
    .selectFrom("ride_feedback")
    .selectAll()
    .where("registration_id", "=", registrationId)
    .executeTakeFirst();
  return row ? feedbackFromRow(row) : null;
}

/** Every answer for the ride, for its moderation page: waiting ones first, then the latest. */
export async function feedbackOfRide(db: Executor, rideId: string): Promise<RideFeedback[]> {
  const rows = await db
    .selectFrom("ride_feedback")
    .selectAll()
    .where("ride_id", "=", rideId)
    .orderBy("created_at", "desc")
    .orderBy("id")
    .execute();
  const answers = rows.map(feedbackFromRow);
  return [...answers.filter((answer) => answer.status === "pending"), ...answers.filter((a) => a.status !== "pending")];
}

const testimonialOf = ({ id, rating, words, credit }: RideFeedback): Testimonial => ({ id, rating, words, credit });

/** The ride's approved words, the latest first. */
export async function testimonialsOfRide(db: Executor, rideId: string): Promise<Testimonial[]> {
  const rows = await db
    .selectFrom("ride_feedback")
    .selectAll()
    .where("ride_id", "=", rideId)
    .where("status", "=", "approved")
    .orderBy("reviewed_at", "desc")
    .orderBy("id")
    .limit(RIDE_PAGE_TESTIMONIALS)
    .execute();
  return rows.map((row) => testimonialOf(feedbackFromRow(row)));
}

/** Each ride's average approved rating and count; a ride without approved ratings is absent. */
export async function ratingSummariesOf(
  db: Executor,
  rideIds: readonly string[],
): Promise<Record<string, RatingSummary>> {
  if (rideIds.length === 0) return {};
  const rows = await db
    .selectFrom("ride_feedback")
    .select(["ride_id", "rating"])
    .where("ride_id", "in", rideIds)
    .where("status", "=", "approved")
    .execute();
  const byRide = new Map<string, number[]>();
  for (const row of rows) byRide.set(row.ride_id, [...(byRide.get(row.ride_id) ?? []), Number(row.rating)]);
  const summaries: Record<string, RatingSummary> = {};
  for (const [rideId, ratings] of byRide) summaries[rideId] = ratingSummary(ratings)!;
  return summaries;
}

/** Approved words of the rides public at `now`, each with its ride, in a stable order (by id). */
async function publicTestimonials(db: Executor, now: Date): Promise<(RideTestimonial & { ride: Ride })[]> {
  const rideRows = await db
    .selectFrom("rides")
    .selectAll()
    .where("published_at", "<=", now.toISOString())
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("ride_feedback")
          .select("ride_feedback.id")
          .whereRef("ride_feedback.ride_id", "=", "rides.id")
          .where("ride_feedback.status", "=", "approved"),
      ),
    )
    .execute();
  if (rideRows.length === 0) return [];
  const rides = new Map(rideRows.map((row) => [row.id, rideFromRow(row)]));
  const rows = await db
    .selectFrom("ride_feedback")
    .selectAll()
    .where("status", "=", "approved")
    .where("ride_id", "in", [...rides.keys()])
    .orderBy("id")
    .execute();
  return rows.flatMap((row) => {
    const ride = rides.get(row.ride_id);
    return ride ? [{ ...testimonialOf(feedbackFromRow(row)), rideTitle: ride.title, ride }] : [];
  });
}

const withoutRide = ({ ride: _ride, ...testimonial }: RideTestimonial & { ride: Ride }): RideTestimonial => testimonial;

/**
 * "What riders said about this route": approved words of the other public rides on the same
 * route (same title stem, features/ride-words/domain/same-route.ts), the latest rides first.
 */
export async function routeTestimonials(db: Executor, ride: Pick<Ride, "id" | "title">, now: Date) {
  const all = await publicTestimonials(db, now);
  return all
    .filter((testimonial) => testimonial.ride.id !== ride.id && sameRoute(testimonial.ride.title, ride.title))
    .sort((a, b) => b.ride.startDate.localeCompare(a.ride.startDate))
    .slice(0, ROUTE_TESTIMONIALS)
    .map(withoutRide);
}

/** A few approved words for the About page, the same all day in India and others the next. */
export async function aboutTestimonials(db: Executor, now: Date): Promise<RideTestimonial[]> {
  return rotationOfDay(await publicTestimonials(db, now), ABOUT_TESTIMONIALS, now).map(withoutRide);
}

/** The ride page's words: its own approved ones with their average, and the route's for an upcoming ride. */
export async function publicRideWords(
  db: Executor,
  ride: Pick<Ride, "id" | "title" | "status">,
  now: Date,
): Promise<PublicRideWords> {
  const [own, summaries, route] = await Promise.all([
    testimonialsOfRide(db, ride.id),
    ratingSummariesOf(db, [ride.id]),
    ride.status === "upcoming" ? routeTestimonials(db, ride, now) : Promise.resolve([]),
  ]);
  return { own, summary: summaries[ride.id] ?? null, route };
}
