import type { AppServices } from "~/context";
import { bookingPayment } from "~/domain/booking";
import { registrationAvailability, registrationSettingsOf, seatsText, type Availability } from "~/domain/registration";
import { bookingHref } from "~/domain/registration-links";
import type { Ride } from "~/domain/ride";
import { type RideCardData, rideSummary } from "~/domain/ride-summary";
import { notifyContentChanged } from "../content-events.server";
import type { Executor } from "../db/schema.server";
import { loadOrFallback } from "../load-or-fallback.server";
import { getConfig } from "../services/config.server";
import { getRide } from "../services/rides.server";
import {
  cancelByToken,
  eraseByToken,
  promoteFromWaitlist,
  register,
  registrationCounts,
  submitUtrByToken,
  updateContactByToken,
  type Cancellation,
  type Registration,
} from "../services/registrations.server";
import { auditRegistered, auditRiderCancelled } from "./rider-audit.server";
import { confirmationMail, promotionMail } from "./rider-mail.server";
import { beginRegistration, tooManyRegistrationsMessage } from "./throttle.server";

// The rider's side of registrations (issue 12, decision 020), around the registrations
// service: the seats text of cards and pages, the throttle, the render cache and the mail.

/** Whether the ride takes registrations right now, with the seats its confirmed riders hold. */
export async function availabilityOf(db: Executor, ride: Ride, now = new Date()): Promise<Availability> {
  if (registrationSettingsOf(ride).mode !== "site") return registrationAvailability(ride, 0, now);
  const counts = await registrationCounts(db, [ride.id]);
  return registrationAvailability(ride, counts.get(ride.id)?.bookedSeats ?? 0, now);
}

/**
 * The seats text of each ride ("12 seats left", …) by id; null for rides that use their
 * external form. One query for all the rides taking registrations here.
 */
export async function seatsTexts(
  db: Executor,
  rides: readonly Ride[],
  now = new Date(),
): Promise<Map<string, string | null>> {
  const onSite = rides.filter((ride) => registrationSettingsOf(ride).mode === "site").map((ride) => ride.id);
  const counts = await registrationCounts(db, onSite);
  return new Map(
    rides.map((ride) => [
      ride.id,
      seatsText(registrationAvailability(ride, counts.get(ride.id)?.bookedSeats ?? 0, now)),
    ]),
  );
}

/**
 * Ride cards with the seats text of each ride taking registrations here. The rides came from
 * the database (or are samples): when the counts cannot be read, the cards go without seats.
 */
export async function rideCards(
  services: Pick<AppServices, "db" | "logger">,
  rides: readonly Ride[],
): Promise<RideCardData[]> {
  const texts = await loadOrFallback(
    services.logger,
    "seats left",
    () => seatsTexts(services.db, rides),
    () => new Map<string, string | null>(),
  );
  return rides.map((ride) => {
    const seats = texts.get(ride.id);
    return seats ? { ...rideSummary(ride), seats } : rideSummary(ride);
  });
}

/** Seats changed: cached pages showing the ride's seats are stale, here and on other instances. */
function seatsChanged(rideId: string): void {
  notifyContentChanged({ collection: "rides", id: rideId, action: "updated" });
}

export type Registered =
  | { ok: true; registration: Registration; token: string }
  | { ok: false; throttled: { message: string; retryAfterSeconds: number } };

/**
 * Registers a rider from `clientIp` (the service refuses with a ValidationError or a
 * NotFoundError, writing nothing), then mails the confirmation when the rider gave an email.
 */
export async function registerRider(
  services: AppServices,
  rideId: string,
  fields: Record<string, string>,
  { clientIp, origin, now = new Date() }: { clientIp: string; origin: string; now?: Date },
): Promise<Registered> {
  const verdict = await beginRegistration(services.db, clientIp, now);
  if (!verdict.allowed) {
    const { retryAfterSeconds } = verdict;
    return { ok: false, throttled: { message: tooManyRegistrationsMessage(retryAfterSeconds), retryAfterSeconds } };
  }
  const { registration, token } = await register(services.db, rideId, fields, now);
  seatsChanged(rideId);
  const ride = await getRide(services.db, rideId);
  await auditRegistered(services, registration, ride?.title ?? "");
  if (registration.email && services.mailer.enabled) {
    const config = await getConfig(services.db);
    if (ride) {
      const payment = bookingPayment(config.company, ride, registration.reference);
      await services.mailer.send(confirmationMail({ ride, registration, payment, link: origin + bookingHref(token) }));
    }
  }
  return { ok: true, registration, token };
}

/** Mails each promoted rider who gave an email that their seat is confirmed. */
async function tellPromoted(services: AppServices, rideId: string, promoted: Registration[]): Promise<void> {
  if (promoted.length === 0 || !services.mailer.enabled) return;
  const ride = await getRide(services.db, rideId);
  if (!ride) return;
  for (const registration of promoted) {
    if (registration.email) await services.mailer.send(promotionMail({ ride, registration }));
  }
}

/** The rider cancels through their link: the seat is freed, waitlisted riders who fit are confirmed and mailed. */
export async function cancelBooking(services: AppServices, token: string, now = new Date()): Promise<Cancellation> {
  const cancellation = await cancelByToken(services.db, token, now);
  seatsChanged(cancellation.registration.rideId);
  await auditRiderCancelled(services, cancellation, false);
  await tellPromoted(services, cancellation.registration.rideId, cancellation.promoted);
  return cancellation;
}

/** The rider erases their registration: cancelled as above, and their personal data gone. */
export async function eraseBooking(services: AppServices, token: string, now = new Date()): Promise<Cancellation> {
  const cancellation = await eraseByToken(services.db, token, now);
  seatsChanged(cancellation.registration.rideId);
  await auditRiderCancelled(services, cancellation, true);
  await tellPromoted(services, cancellation.registration.rideId, cancellation.promoted);
  return cancellation;
}

/**
 * The rider gives the UPI transaction id. No public page shows it, so no content event: the
 * organisers' Riders page shows it at its next revalidation (decision 022), and a rider posting
 * in a loop cannot make every page of the site render afresh.
 */
export async function submitUtr(services: AppServices, token: string, utr: string): Promise<void> {
  await submitUtrByToken(services.db, token, utr);
}

/** The rider corrects their contact details: private, like the UTR above, so no content event. */
export async function updateContact(
  services: AppServices,
  token: string,
  fields: Record<string, string>,
): Promise<void> {
  await updateContactByToken(services.db, token, fields);
}

/**
 * A ride was saved by an admin: seats it gained go to the waitlisted riders who fit, who are
 * mailed like riders promoted by a cancellation. Returns them, for the admin's audit line.
 */
export async function promoteAfterRideSave(services: AppServices, rideId: string): Promise<Registration[]> {
  const promoted = await promoteFromWaitlist(services.db, rideId);
  if (promoted.length === 0) return promoted;
  seatsChanged(rideId);
  await tellPromoted(services, rideId, promoted);
  return promoted;
}
