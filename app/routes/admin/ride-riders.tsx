import { ClipboardCheck, Download, Mail } from "lucide-react";
import { Link } from "react-router";
import { guardServerAction } from "~/components/admin/action-result";
import { AdminPage, useAdminPage } from "~/components/admin/admin-page";
import { CopyNumbers } from "~/components/admin/riders/copy-numbers";
import { PaymentTotals } from "~/components/admin/riders/payment-totals";
import { RideNotFound, SeatsSummary } from "~/components/admin/riders/ride-summary";
import { RiderCard } from "~/components/admin/riders/rider-card";
import { ridersPageSections } from "~/features/slots/riders-page";
import { RidersFilters } from "~/components/admin/riders/riders-filters";
import { checkInHref, rideMessagesHref, ridersCsvHref } from "~/domain/admin-links";
import { registrationAction } from "~/server/admin/registration-actions.server";
import { adminActionContext } from "~/server/admin/respond.server";
import { loadRidersPage } from "~/server/admin/riders-page.server";
import { adminContext } from "~/server/auth/admin-session.server";
import type { Route } from "./+types/ride-riders";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Riders${loaderData?.ride ? ` · ${loaderData.ride.title}` : ""} · Roadbook Admin` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadRidersPage(context, params.rideId, new URL(request.url), { sections: true });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  // A feature's intent may need a role (deciding a credit: owners and editors).
  const { role } = context.get(adminContext);
  return registrationAction(request, adminActionContext(context), params.rideId, { role });
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return guardServerAction(
    request,
    serverAction,
    () => "An error occurred while updating the rider: check your connection",
  );
}

const linkClass =
  "inline-flex min-h-11 items-center gap-2 rounded-md border border-ink-300 bg-white px-4 text-sm font-medium text-ink-800 hover:bg-ink-50";

/** A ride's registrations (decision 022), usable on a phone; live as riders register and other admins act. */
export default function RidersPage({ loaderData }: Route.ComponentProps) {
  const { ride, riders, counts, filters, numbers, totals } = loaderData;
  const [flash, show] = useAdminPage(loaderData.loadError);

  if (!ride) {
    return (
      <AdminPage title="Riders" flash={flash}>
        {loaderData.loadError ? null : <RideNotFound />}
      </AdminPage>
    );
  }
  return (
    <AdminPage title={`Riders · ${ride.title}`} intro={<SeatsSummary ride={ride} counts={counts} />} flash={flash}>
      <div className="flex flex-wrap items-start gap-2">
        {/* A file download: the browser asks the server itself. */}
        <a href={ridersCsvHref(ride.id)} download className={linkClass}>
          <Download aria-hidden="true" className="size-4" />
          Export CSV
        </a>
        <Link to={rideMessagesHref(ride.id)} className={linkClass}>
          <Mail aria-hidden="true" className="size-4" />
          Messages
        </Link>
        <Link to={checkInHref(ride.id)} className={linkClass}>
          <ClipboardCheck aria-hidden="true" className="size-4" />
          Check-in
        </Link>
        <CopyNumbers numbers={numbers} onMessage={show} />
      </div>
      <PaymentTotals totals={totals} />
      <RidersFilters filters={filters} />
      <p className="text-sm text-ink-600" aria-live="polite">
        {riders.length} {riders.length === 1 ? "registration" : "registrations"} shown
      </p>
      {riders.length > 0 && (
        <ul className="space-y-3" aria-label="Registrations">
          {riders.map((rider) => (
            <RiderCard key={rider.id} rider={rider} onMessage={show} canOverride={loaderData.canOverride} />
          ))}
        </ul>
      )}
      {ridersPageSections.map(({ name, Section }) => (
        <Section key={name} rideId={ride.id} page={loaderData} show={show} />
      ))}
    </AdminPage>
  );
}
