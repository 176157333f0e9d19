import { dispatchFormIntent } from "~/server/http/form-intent.server";
import { data, redirect } from "react-router";
import { SECONDARY_CLASS, SUBMIT_CLASS } from "~/components/registration/form-controls";
import { PassportFigures } from "~/features/rider-accounts/components/passport-figures";
import { servicesContext } from "~/context";
import { formatDateRange } from "~/domain/dates";
import { ME_PASSPORT_PATH, ME_PATH, passportHref, rideHref } from "~/domain/links";
import { pageTitle } from "~/domain/site";
import { readSmallForm } from "~/server/registrations/read-form.server";
import { makePassportPrivate, makePassportPublic, passportOf } from "~/features/rider-accounts/server/passport.server";
import { RIDER_PAGE_HEADERS, signedInRider } from "~/features/rider-accounts/server/sessions.server";
import type { Route } from "./+types/me-passport";
import { BackToMyRides } from "~/features/rider-accounts/components/back-to-my-rides";

// /me/passport (docs/features/ride-passport.md): the signed-in rider's own passport, and the one
// switch that makes it public at an unguessable address or private again. Never cached.

const HEADERS = { ...RIDER_PAGE_HEADERS, "X-Robots-Tag": "noindex, nofollow" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const rider = await signedInRider(request, context);
  if (!rider) return data({ signedIn: false as const }, { status: 401, headers: HEADERS });
  const { db, env } = context.get(servicesContext);
  const passport = await passportOf(db, rider.id);
  const publicUrl = passport.slug ? new URL(passportHref(passport.slug), env.publicUrl).href : null;
  return data({ signedIn: true as const, ...passport, publicUrl }, { headers: HEADERS });
}

export async function action({ request, context }: Route.ActionArgs) {
  const rider = await signedInRider(request, context);
  if (!rider) return data({ error: "Sign in again to change your passport." }, { status: 401, headers: HEADERS });
  const form = await readSmallForm(request);
  const { db } = context.get(servicesContext);
  const saved = async (change: Promise<unknown>): Promise<Response | ReturnType<typeof data<{ error: string }>>> => {
    await change;
    return redirect(ME_PASSPORT_PATH, { status: 303, headers: HEADERS });
  };
  return dispatchFormIntent(
    (form.ok && form.fields.intent) || "",
    {
      public: () => saved(makePassportPublic(db, rider.id)),
      private: () => saved(makePassportPrivate(db, rider.id)),
    },
    () => data({ error: "Choose whether your passport is public or private." }, { status: 400, headers: HEADERS }),
  );
}

export function headers() {
  return HEADERS;
}

export function meta() {
  return [{ title: pageTitle("Your ride passport") }, { name: "robots", content: "noindex, nofollow" }];
}

export default function MyPassport({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.signedIn) {
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-12">
        <h1 className="font-display text-3xl font-extrabold text-ink-900">Your ride passport</h1>
        <p className="text-ink-700">Sign in to see the rides you rode with us.</p>
        <a href={ME_PATH} className={SUBMIT_CLASS}>
          Sign in
        </a>
      </div>
    );
  }
  const { figures, rides, slug, publicUrl } = loaderData;
  return (
    <div className="mx-auto max-w-4xl space-y-8 px-4 py-12">
      <BackToMyRides />
      <header className="space-y-2">
        <h1 className="font-display text-3xl font-extrabold text-ink-900">Your ride passport</h1>
        <p className="text-ink-700">The rides you were checked in on, and what they add up to.</p>
      </header>
      <PassportFigures figures={figures} publicView={false} />
      <section aria-labelledby="rides-heading" className="space-y-3">
        <h2 id="rides-heading" className="text-xl font-bold text-ink-900">
          Your rides
        </h2>
        {rides.length === 0 ? (
          <p className="text-ink-700">No rides yet: a ride counts here once a captain checks you in on it.</p>
        ) : (
          <ol className="divide-y divide-ink-100 rounded-card bg-white shadow-card" data-testid="passport-ride-list">
            {rides.map((ride) => (
              <li key={ride.id} className="flex flex-wrap items-baseline justify-between gap-2 p-4">
                <a href={rideHref(ride.id)} className="font-semibold text-brand-700 underline">
                  {ride.title}
                </a>
                <span className="text-sm text-ink-600">{formatDateRange(ride.startDate, ride.endDate)}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <section aria-labelledby="sharing-heading" className="space-y-3 border-t border-ink-100 pt-8">
        <h2 id="sharing-heading" className="text-xl font-bold text-ink-900">
          Share your passport
        </h2>
        {actionData?.error ? (
          <p role="alert" className="text-red-700">
            {actionData.error}
          </p>
        ) : null}
        {slug && publicUrl ? (
          <>
            <p className="text-ink-700">
              Your passport is public at this address. It shows your first name and your figures, never your contact
              details or the dates of your rides:
            </p>
            <p>
              <a
                href={passportHref(slug)}
                className="font-semibold break-all text-brand-700 underline"
                data-testid="passport-public-link"
              >
                {publicUrl}
              </a>
            </p>
          </>
        ) : (
          <p className="text-ink-700">
            Your passport is private. Make it public to share it: it gets an address of its own showing your first name
            and your figures only.
          </p>
        )}
        <form method="post" action={ME_PASSPORT_PATH}>
          <input type="hidden" name="intent" value={slug ? "private" : "public"} />
          <button type="submit" className={slug ? SECONDARY_CLASS : SUBMIT_CLASS}>
            {slug ? "Make my passport private" : "Make my passport public"}
          </button>
        </form>
        {slug ? <p className="text-sm text-ink-600">Made private, its address opens nothing any more.</p> : null}
      </section>
    </div>
  );
}
