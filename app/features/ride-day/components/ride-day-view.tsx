import { formatDateRange } from "~/domain/dates";
import { checkInHref } from "~/domain/admin-links";
import { ridersToCount } from "~/features/ride-day/domain/offline-ops";
import type { RideDayPack } from "~/features/ride-day/domain/pack";
import { RollCallSection } from "./roll-call";
import { Roster } from "./roster";
import { type RideDay, useRideDay } from "./use-ride-day";

// The ride-day page as the captain sees it. Plain links (not the router's): the page must work
// offline, where the router could not ask the server about another page.

export function RideDayView({ rideId }: { rideId: string }) {
  const rideDay = useRideDay(rideId);
  const { state } = rideDay;
  return (
    <main className="mx-auto max-w-2xl space-y-5 px-3 py-4">
      {/* Also what a browser without JavaScript shows: the page is drawn from the phone's store. */}
      {state.kind === "opening" ? (
        <p className="text-ink-700">
          Opening the ride stored on this phone… This page needs JavaScript; without it, use the{" "}
          <a href={checkInHref(rideId)} className="font-semibold underline">
            Check-in page
          </a>
          .
        </p>
      ) : null}
      {state.kind === "absent" ? (
        <div className="space-y-3">
          <h1 className="text-title font-bold text-ink-900">Ride day</h1>
          <p role="status">{state.message}</p>
          <a href={checkInHref(rideId)} className="font-semibold text-brand-700 underline underline-offset-4">
            The ride&apos;s Check-in page
          </a>
        </div>
      ) : null}
      {state.kind === "open" && state.expired ? (
        <ExpiredRide rideDay={rideDay} pack={state.held.pack} queued={state.held.queue.length} />
      ) : null}
      {state.kind === "open" && !state.expired ? (
        <OpenRide rideDay={rideDay} pack={state.shown} queued={state.held.queue.length} />
      ) : null}
    </main>
  );
}

/** Online or not, what waits to be sent, and Sync now. */
function SyncBar({ rideDay, queued }: { rideDay: RideDay; queued: number }) {
  return (
    <div className="flex flex-wrap items-center gap-2 rounded-card border border-ink-200 bg-white p-3" role="status">
      <span
        data-testid="network"
        className={`rounded-full px-3 py-1 text-sm font-semibold ${rideDay.online ? "bg-green-50 text-green-900" : "bg-amber-100 text-amber-900"}`}
      >
        {rideDay.online ? "Online" : "Offline"}
      </span>
      <span data-testid="waiting">
        {queued === 0 ? "Everything is synced" : `${queued} ${queued === 1 ? "change" : "changes"} waiting to sync`}
      </span>
      <button
        type="button"
        onClick={() => void rideDay.sync()}
        disabled={!rideDay.online}
        className="ml-auto min-h-11 rounded-lg border border-ink-300 bg-white px-4 font-semibold disabled:opacity-50"
      >
        Sync now
      </button>
      {rideDay.syncNote ? <span className="w-full text-sm text-ink-700">{rideDay.syncNote}</span> : null}
    </div>
  );
}

/** The changes the server would not apply, each until the captain dismisses it. */
function Conflicts({ rideDay }: { rideDay: RideDay }) {
  const conflicts = rideDay.state.kind === "open" ? rideDay.state.held.conflicts : [];
  if (conflicts.length === 0) return null;
  return (
    <section aria-labelledby="conflicts-title" className="rounded-card border border-red-700 bg-red-50 p-3">
      <h2 id="conflicts-title" className="font-bold text-red-800">
        Not applied on the server
      </h2>
      <ul className="mt-2 space-y-2" aria-label="Conflicts">
        {conflicts.map((conflict) => (
          <li key={conflict.id} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              <strong>{conflict.what}</strong>: {conflict.message}
            </span>
            <button
              type="button"
              onClick={() => void rideDay.dismiss(conflict.id)}
              className="min-h-11 rounded-lg border border-ink-300 bg-white px-3 text-sm font-semibold"
            >
              Dismiss
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * A pack past its expiry kept only for what never reached the server: the riders' details are no
 * longer shown, the changes wait until sent or discarded on the captain's word.
 */
function ExpiredRide({ rideDay, pack, queued }: { rideDay: RideDay; pack: RideDayPack; queued: number }) {
  return (
    <>
      <header className="space-y-2">
        <h1 className="text-title font-bold text-ink-900">{pack.title}</h1>
        <p role="alert" data-testid="expired" className="rounded-card border border-amber-700 bg-amber-50 p-3">
          This ride&apos;s details expired on {new Date(pack.expiresAt).toLocaleDateString()} and are no longer shown.{" "}
          {queued > 0
            ? `${queued} ${queued === 1 ? "change" : "changes"} made on this phone never reached the server: connect and sync them, or discard them.`
            : "Read the changes the server did not apply, then dismiss them."}
        </p>
        <SyncBar rideDay={rideDay} queued={queued} />
      </header>
      <Conflicts rideDay={rideDay} />
      {queued > 0 ? (
        <button
          type="button"
          onClick={() => void rideDay.discard()}
          className="min-h-11 rounded-lg border border-red-700 bg-white px-4 font-semibold text-red-800"
        >
          Discard {queued === 1 ? "the change" : `the ${queued} changes`} never sent
        </button>
      ) : null}
    </>
  );
}

function OpenRide({ rideDay, pack, queued }: { rideDay: RideDay; pack: RideDayPack; queued: number }) {
  const riders = ridersToCount(pack);
  const checkedIn = riders.filter((rider) => rider.checkedInAt).length;
  return (
    <>
      <header className="space-y-2">
        <h1 className="text-title font-bold text-ink-900">{pack.title}</h1>
        <p className="text-ink-700">{formatDateRange(pack.startDate, pack.endDate)}</p>
        <SyncBar rideDay={rideDay} queued={queued} />
      </header>
      <Conflicts rideDay={rideDay} />
      <p>
        <strong>Meeting point:</strong> {pack.meetingPoint || "not set"}
      </p>
      <section aria-labelledby="roster-title" className="space-y-2">
        <h2 id="roster-title" className="text-lg font-bold text-ink-900">
          Riders <span data-testid="checked-in-count">{checkedIn}</span> of {riders.length} checked in
        </h2>
        <Roster riders={pack.riders} onCheckIn={rideDay.checkIn} onUndo={rideDay.undoCheckIn} />
      </section>
      <RollCallSection pack={pack} onStart={rideDay.startRollCall} onMark={rideDay.mark} />
      {pack.days.length > 0 ? (
        <section aria-labelledby="days-title" className="space-y-2">
          <h2 id="days-title" className="text-lg font-bold text-ink-900">
            Day by day
          </h2>
          <ol className="space-y-2">
            {pack.days.map((day) => (
              <li key={day.day}>
                <strong>
                  Day {day.day}: {day.title}
                </strong>
                {day.distanceKm === null ? "" : ` · ${day.distanceKm} km`}
                {day.summary ? <p className="text-sm text-ink-700">{day.summary}</p> : null}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      <p className="text-sm text-ink-600">
        Taken at {new Date(pack.takenAt).toLocaleString()}; removed from this phone after{" "}
        {new Date(pack.expiresAt).toLocaleDateString()}.{" "}
        <a href={checkInHref(pack.rideId)} className="underline">
          Check-in page
        </a>
      </p>
    </>
  );
}
