import { ClipboardCheck, Download, Mail } from "lucide-react";
import { Link } from "react-router";
import { guardServerAction } from "~/components/admin/action-result";
import { AdminPage, useAdminPage } from "~/components/admin/admin-page";
import { CopyNumbers } from "~/components/admin/riders/copy-numbers";
import { PaymentTotals } from "~/components/admin/riders/payment-totals";
import { RideNotFound, SeatsSummary } from "~/components/admin/riders/ride-summary";
import { RiderCard } from "~/components/admin/riders/rider-card";
import { MessageList } from "~/features/rider-messages/components/message-list";
import { RidersFilters } from "~/components/admin/riders/riders-filters";
import { checkInHref, rideMessagesHref, ridersCsvHref } from "~/domain/admin-links";
import { registrationAction } from "~/server/admin/registration-actions.server";
import { adminActionContext } from "~/server/admin/respond.server";
import { loadRidersPage } from "~/server/admin/riders-page.server";
import { hasRole } from "~/domain/roles";
import { adminContext } from "~/server/auth/admin-session.server";
import type { Route } from "./+types/ride-riders";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `Riders${loaderData?.ride ? ` · ${loaderData.ride.title}` : ""} · Roadbook Admin` },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  return loadRidersPage(context, params.rideId, new URL(request.url), { messages: true });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const mayDecideCredit = hasRole(context.get(adminContext).role, "editor");
  return registrationAction(request, adminActionContext(context), params.rideId, { mayDecideCredit });
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
  const { ride, riders, counts, filters, numbers, totals, messages } = loaderData;
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
            <RiderCard key={rider.id} rider={rider} onMessage={show} />
          ))}
        </ul>
      )}
      <section aria-labelledby="messages-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="messages-heading" className="font-display text-xl font-bold text-ink-900">
            Latest messages
          </h2>
          <Link to={rideMessagesHref(ride.id)} className={linkClass}>
            <Mail aria-hidden="true" className="size-4" />
            Write to riders · all messages
          </Link>
        </div>
        <MessageList messages={messages} show={show} action={rideMessagesHref(ride.id)} />
      </section>
    </AdminPage>
  );
}
