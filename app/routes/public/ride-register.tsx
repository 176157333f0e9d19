import { ArrowLeft } from "lucide-react";
import { data, redirect } from "react-router";
import { RegisterForm } from "~/components/registration/register-form";
import { RegisterHeader, RegistrationRefusal } from "~/components/registration/register-header";
import { RideError } from "~/components/ride/ride-error";
import type { RideNotFoundData } from "~/components/ride/ride-error-message";
import { Island } from "~/islands/island";
import { requestContext, servicesContext } from "~/context";
import { consentText } from "~/domain/registration/booking-page";
import { policyPoints, rideForDisplay } from "~/domain/defaults";
import { bookingHref, rideHref } from "~/domain/links";
import { REFUSALS, seatsText, type Availability } from "~/domain/registration/availability";
import { registrationSettingsOf } from "~/domain/registration/settings";
import { HONEYPOT_FIELD } from "~/domain/registration/input";
import type { Ride } from "~/domain/ride";
import { pageTitle } from "~/domain/site";
import { readSmallForm } from "~/server/registrations/read-form.server";
import { availabilityOf } from "~/server/registrations/public-seats.server";
import { register, type Registered } from "~/server/registrations/register.server";
import { features } from "~/features/index.server";
import { loadRegisterSections, signedInRiderOf } from "~/server/registries/register-section.server";
import { countPublicRides, getPublicRide } from "~/server/rides/public-rides.server";
import { rideRuleSentences } from "~/domain/registration/policy-sentences";
import type { Route } from "./+types/ride-register";

// /ride/:rideId/register (decision 020): the registration form of a ride taking
// registrations on this site. For a visitor the page holds nothing personal and is cached like
// every public page; a signed-in rider's is filled in from their saved details and private
// (docs/features/rider-data.md); a posted form's answer (the rider's own values) is never stored.

const NO_STORE = { "Cache-Control": "no-store" };
const TOO_LARGE = "The form was too large to read. Please shorten your answers and send it again.";
const FAILED = "Your registration could not be saved right now. Please try again in a few minutes.";

function refusalOf(availability: Availability): string | null {
  if (availability.state === "external") return REFUSALS.external;
  if (availability.state === "closed") return REFUSALS[availability.reason];
  return null;
}

type Db = Parameters<typeof getPublicRide>[0];

/** The ride page's 404 (drafts and cancelled rides are not found either), with how many rides there are. */
async function notFound(db: Db, rideId: string) {
  const availableRides = await countPublicRides(db).catch(() => 0);
  return data({ rideId, availableRides } satisfies RideNotFoundData, { status: 404 });
}

async function rideOr404(db: Db, rideId: string): Promise<Ride> {
  const ride = await getPublicRide(db, rideId);
  if (ride) return ride;
  throw await notFound(db, rideId);
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const { db, env } = services;
  const ride = rideForDisplay(await rideOr404(db, params.rideId));
  // The features' parts of the form (decision 050): a signed-in rider's saved details and credit
  // are theirs alone, and their page is then private, never a cached public one
  // (docs/features/rider-data.md, docs/features/credit.md).
  const [availability, parts] = await Promise.all([
    availabilityOf(db, ride),
    loadRegisterSections(features, { services, request, context, ride }),
  ]);
  const page = {
    ride: { id: ride.id, title: ride.title, startDate: ride.startDate, endDate: ride.endDate },
    seats: seatsText(availability),
    waitlist: availability.state === "waitlist",
    refusal: refusalOf(availability),
    settings: registrationSettingsOf(ride),
    thingsToCarry: ride.thingsToCarryMandatory,
    cancellationPolicy: [...rideRuleSentences(ride), ...policyPoints(ride.cancellationPolicy)],
    consent: consentText(env.registrationRetentionDays),
    ...parts.props,
    prefill: parts.values,
  };
  return data(page, { headers: parts.headers });
}

type Refused = { values: Record<string, string>; errors: Record<string, string>; formError?: string };

function refused(status: number, answer: Refused, headers: Record<string, string> = {}) {
  return data(answer, { status, headers: { ...NO_STORE, ...headers } });
}

/** Splits a service's messages into the fields' and the one about the form as a whole (key ''). */
function messagesOf(errors: Record<string, string>): Pick<Refused, "errors" | "formError"> {
  const { "": formError, ...fields } = errors;
  return { errors: fields, formError };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const services = context.get(servicesContext);
  const { clientIp, origin, requestId } = context.get(requestContext);
  const form = await readSmallForm(request);
  const { [HONEYPOT_FIELD]: _honeypot, ...values } = form.fields;
  // What fitted in the limit goes back into the form: the rider shortens one answer, not all.
  if (!form.ok) return refused(413, { values, errors: {}, formError: TOO_LARGE });
  let result: Registered;
  try {
    // Made while signed in with the account's own address, the booking belongs to the rider's
    // account; made for a friend, to none (docs/features/rider-accounts.md, decision 042).
    const rider = await signedInRiderOf(features, request, context);
    // The form's boxes (saved details, credit) are read by their features (registration-hooks.server.ts).
    result = await register(services.db, params.rideId, form.fields, { clientIp, origin, riderId: rider?.id });
  } catch (error) {
    services.logger.error({ err: error, requestId, rideId: params.rideId }, "registration failed");
    return refused(500, { values, errors: {}, formError: FAILED });
  }
  if (result.ok) return redirect(bookingHref(result.token), { status: 303, headers: NO_STORE });
  switch (result.refused) {
    case "not-found":
      throw await notFound(services.db, params.rideId);
    case "closed":
      return refused(409, { values, errors: {}, formError: result.message });
    case "invalid":
      return refused(400, { values, ...messagesOf(result.errors) });
    case "throttled": {
      const retryAfter = { "Retry-After": String(result.retryAfterSeconds) };
      return refused(429, { values, errors: {}, formError: result.message }, retryAfter);
    }
    case "seats":
      return refused(409, { values, ...messagesOf(result.errors) });
  }
}

/** The action's answer, and a signed-in rider's page, are the rider's own: never the cached page's headers. */
export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;
}

export function meta({ loaderData }: Route.MetaArgs) {
  const title = loaderData ? `Register: ${loaderData.ride.title}` : "Register";
  return [{ title: pageTitle(title) }, { name: "robots", content: "noindex" }];
}

export default function RideRegister({ loaderData, actionData }: Route.ComponentProps) {
  const { ride, seats, waitlist, refusal, prefill, ...form } = loaderData;
  // The loader runs again after a post: a ride that closed meanwhile shows why, not the form.
  const closed = refusal;
  return (
    <div className="mx-auto max-w-2xl px-4 py-10 sm:px-6">
      <a
        href={rideHref(ride.id)}
        className="inline-flex items-center gap-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Back to the ride
      </a>
      <RegisterHeader ride={ride} seats={seats} waitlist={waitlist} />
      <div className="mt-8">
        {closed ? (
          <RegistrationRefusal message={closed} rideId={ride.id} />
        ) : (
          <Island
            name="register-form"
            component={RegisterForm}
            props={{
              ...form,
              values: actionData?.values ?? prefill ?? {},
              errors: actionData?.errors ?? {},
              formError: actionData?.formError,
            }}
          />
        )}
      </div>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RideError error={error} />;
}
