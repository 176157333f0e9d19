import { Form } from "react-router";
import { guardServerAction } from "~/components/admin/action-result";
import { AdminPage, useAdminPage } from "~/components/admin/admin-page";
import { inputClass } from "~/components/admin/form/fields";
import { TakeOffline } from "~/features/ride-day/components/take-offline";
import { CheckInRow } from "~/features/ride-day/components/check-in-row";
import { RideNotFound } from "~/components/admin/riders/ride-summary";
import { useRiderAction } from "~/components/admin/riders/use-rider-action";
import { AllRidersLink } from "~/components/admin/riders/all-riders-link";
import { registrationAction } from "~/server/admin/registration-actions.server";
import { adminActionContext } from "~/server/admin/respond.server";
import { loadRidersPage } from "~/server/admin/riders-page.server";
import type { Route } from "./+types/ride-check-in";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Check-in${loaderData?.ride ? ` · ${loaderData.ride.title}` : ""} · Roadbook Admin` },
];

/** The confirmed riders only: they are the ones who ride. */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const url = new URL(request.url);
  url.searchParams.set("status", "confirmed");
  url.searchParams.delete("payment");
  return loadRidersPage(context, params.rideId, url);
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return registrationAction(request, adminActionContext(context), params.rideId);
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return guardServerAction(request, serverAction, () => "An error occurred while checking in: check your connection");
}

/** Check-in at flag-off (decision 022): a phone-friendly list with large buttons, and the count for the ride's participants. */
export default function CheckInPage({ loaderData }: Route.ComponentProps) {
  const { ride, riders, counts, filters } = loaderData;
  const [flash, show] = useAdminPage(loaderData.loadError);
  const { run, pending } = useRiderAction(show);

  if (!ride) {
    return (
      <AdminPage title="Check-in" flash={flash}>
        {loaderData.loadError ? null : <RideNotFound />}
      </AdminPage>
    );
  }
  const setsNothing = ride.participants === counts.checkedIn;
  return (
    <AdminPage
      title={`Check-in · ${ride.title}`}
      intro={
        <span data-testid="check-in-count">
          {counts.checkedIn} of {counts.confirmed} confirmed riders checked in
        </span>
      }
      action={<AllRidersLink rideId={ride.id} />}
      flash={flash}
    >
      <div className="flex flex-wrap items-center gap-3 rounded-card border border-ink-200 bg-white p-4">
        <p className="text-sm text-ink-700">
          The ride&apos;s participants: <strong data-testid="ride-participants">{ride.participants}</strong>
        </p>
        <button
          type="button"
          disabled={pending !== null || setsNothing}
          onClick={() => run("participants")}
          className="inline-flex min-h-12 items-center rounded-lg bg-ink-900 px-4 font-semibold text-white disabled:opacity-50"
        >
          Set participants to {counts.checkedIn}
        </button>
      </div>
      <TakeOffline rideId={ride.id} />
      <Form method="get" role="search" aria-label="Riders to check in" className="flex gap-2">
        <label htmlFor="check-in-search" className="sr-only">
          Search riders
        </label>
        <input
          id="check-in-search"
          name="search"
          type="search"
          defaultValue={filters.search}
          placeholder="Name, mobile or reference"
          className={inputClass}
        />
        <button type="submit" className="min-h-11 rounded-md border border-ink-300 bg-white px-4 font-medium">
          Search
        </button>
      </Form>
      {riders.length === 0 ? (
        <p className="rounded-card border border-dashed border-ink-300 p-5 text-ink-700">
          {filters.search ? "No confirmed rider matches this search." : "No confirmed riders yet."}
        </p>
      ) : (
        <ul className="space-y-2" aria-label="Confirmed riders">
          {riders.map((rider) => (
            <CheckInRow key={rider.id} rider={rider} onMessage={show} />
          ))}
        </ul>
      )}
    </AdminPage>
  );
}
