import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { guardServerAction } from "~/components/admin/action-result";
import { AdminPage, useAdminPage } from "~/components/admin/admin-page";
import { TextAreaField } from "~/components/form/controls";
import { PassportFigures } from "~/features/rider-accounts/components/passport-figures";
import { useResultMessage } from "~/components/admin/use-status-message";
import type { ActionResult } from "~/domain/action-result";
import { formatIndianShortDate } from "~/domain/dates";
import { ADMIN_RIDERS_PATH, adminRiderCreditHref, ridersHref } from "~/domain/admin-links";
import { formatRupees } from "~/domain/registration/balance";
import { MAX_ADMIN_NOTE_LENGTH } from "~/features/rider-accounts/domain/admin-note";
import { ADMIN_STATUS_LABELS } from "~/domain/registration/riders-page";
import { loadAdminPage } from "~/server/admin/load-page.server";
import { adminActionContext } from "~/server/admin/respond.server";
import { riderAction } from "~/features/rider-accounts/routes/admin/rider.server";
import { riderRecord, type RiderRecord } from "~/features/rider-accounts/server/directory.server";
import type { Route } from "./+types/rider";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.rider?.name || "Rider"} · Riders · Roadbook Admin` },
];

/** One account in the riders directory (decision 040): bookings, passport figures, credit, the team's note. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return loadAdminPage(context, {
    what: "a rider's account",
    load: async (db) => ({ rider: await riderRecord(db, params.riderId) }),
    fallback: { rider: null as RiderRecord | null },
    loadError: "The rider could not be loaded. Please reload the page.",
  });
}

export async function action({ request, context, params }: Route.ActionArgs) {
  return riderAction(request, adminActionContext(context), params.riderId);
}

export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  return guardServerAction(request, serverAction, () => "The note could not be saved: check your connection");
}

const linkClass =
  "inline-flex min-h-11 items-center gap-2 rounded-md border border-ink-300 bg-white px-4 text-sm font-medium text-ink-800 hover:bg-ink-50";

export default function RiderPage({ loaderData }: Route.ComponentProps) {
  const { rider } = loaderData;
  const [flash, show] = useAdminPage(loaderData.loadError);
  if (!rider) {
    return (
      <AdminPage title="Rider" flash={flash}>
        {loaderData.loadError ? null : (
          <p className="text-ink-700">
            No such rider. <Link to={ADMIN_RIDERS_PATH}>Back to riders</Link>
          </p>
        )}
      </AdminPage>
    );
  }
  return (
    <AdminPage
      title={rider.name || "(no name)"}
      intro={`${rider.email} · account since ${formatIndianShortDate(rider.createdAt.slice(0, 10))} · passport ${rider.passportPublic ? "public" : "private"}`}
      flash={flash}
    >
      <div className="flex flex-wrap gap-2">
        <Link to={ADMIN_RIDERS_PATH} className={linkClass}>
          Back to riders
        </Link>
        <Link to={adminRiderCreditHref(rider.id)} className={linkClass}>
          Credit ledger · {formatRupees(rider.creditLeftPaise)} left
        </Link>
      </div>
      <section aria-labelledby="passport-heading" className="space-y-3">
        <h2 id="passport-heading" className="text-xl font-bold text-ink-900">
          Ride passport
        </h2>
        <PassportFigures figures={rider.figures} publicView={false} />
      </section>
      <section aria-labelledby="bookings-heading" className="space-y-3">
        <h2 id="bookings-heading" className="text-xl font-bold text-ink-900">
          Bookings
        </h2>
        {rider.bookings.length === 0 ? (
          <p className="text-ink-700">No bookings on this account.</p>
        ) : (
          <ul className="space-y-2" aria-label="Bookings">
            {rider.bookings.map((booking) => (
              <li key={booking.id} className="rounded-card bg-white p-4 shadow-card" data-testid="rider-booking">
                <Link to={ridersHref(booking.rideId)} className="font-semibold text-brand-700 underline">
                  {booking.rideTitle || "(untitled ride)"}
                </Link>{" "}
                <span className="text-sm text-ink-600">{formatIndianShortDate(booking.rideStartDate)}</span>
                <p className="text-sm text-ink-700">
                  {booking.reference} · {ADMIN_STATUS_LABELS[booking.status]}
                  {booking.payment ? ` · booking ${booking.payment}` : ""}
                  {booking.balancePayment ? ` · balance ${booking.balancePayment}` : ""}
                  {booking.creditPaise > 0 ? ` · ${formatRupees(booking.creditPaise)} credit used` : ""}
                  {booking.checkedInAt ? " · checked in" : ""}
                  {booking.erasedAt ? " · personal data erased" : ""}
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
      <AdminNote note={rider.adminNote} show={show} />
    </AdminPage>
  );
}

function AdminNote({ note, show }: { note: string; show: (text: string) => void }) {
  const fetcher = useFetcher<ActionResult & { note?: string }>();
  const [text, setText] = useState(note);
  useResultMessage(fetcher.data, show);
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.errors?.note : undefined;
  return (
    <section aria-labelledby="note-heading" className="space-y-3">
      <h2 id="note-heading" className="text-xl font-bold text-ink-900">
        Admin note
      </h2>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void fetcher.submit({ intent: "note", note: text }, { method: "post", encType: "application/json" });
        }}
        className="space-y-3"
      >
        <TextAreaField
          id="admin-note"
          label="Note for the team"
          hint="Seen by owners and editors only; never shown to the rider."
          optional
          value={text}
          maxLength={MAX_ADMIN_NOTE_LENGTH}
          onChange={(event) => setText(event.target.value)}
          error={error}
        />
        <button
          type="submit"
          disabled={fetcher.state !== "idle"}
          className="inline-flex min-h-11 items-center rounded-md bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
        >
          Save note
        </button>
      </form>
    </section>
  );
}
