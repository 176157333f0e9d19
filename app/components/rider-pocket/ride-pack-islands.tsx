import { Check, Download, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { SAVED_RIDES_PATH } from "~/domain/links";
import { formatBytes } from "~/domain/offline";
import { type KeptRide, canKeepRides, forgetRide, keepRide, keptRide, keptRides, rideFiles } from "./ride-pack";

// The two islands of offline rides (decision 023), in one module so that saving a ride from
// its page also brings the Saved rides page's code into the service worker's cache.

type SaveState =
  | { kind: "checking" }
  | { kind: "unsupported" }
  | { kind: "ready" }
  | { kind: "saving" }
  | { kind: "saved"; ride: KeptRide }
  | { kind: "failed" };

/** Shown instead of the controls when the browser runs no script (the `noscript` variant). */
function NeedsScript() {
  return <p className="hidden text-sm text-ink-600 noscript:block">Saving a ride for offline use needs JavaScript.</p>;
}

const BUTTON =
  "flex w-full items-center justify-center gap-2 rounded-xl bg-ink-900 px-5 py-3 font-semibold text-white transition hover:bg-ink-700 disabled:bg-ink-600";

/** "Save for the ride" on a ride page: keeps the page, its photos and files for offline use. */
export function SaveRideButton({ rideId, title, dates }: { rideId: string; title: string; dates: string }) {
  const [state, setState] = useState<SaveState>({ kind: "checking" });

  useEffect(() => {
    let live = true;
    const look = async () => {
      const ride = canKeepRides() ? await keptRide(rideId) : undefined;
      if (!live) return;
      if (ride === undefined) setState({ kind: "unsupported" });
      // A tap made before the page's script ran (and given again once it did) may be saving already.
      else
        setState((current) =>
          current.kind !== "checking" ? current : ride ? { kind: "saved", ride } : { kind: "ready" },
        );
    };
    void look();
    return () => {
      live = false;
    };
  }, [rideId]);

  const save = async () => {
    setState({ kind: "saving" });
    try {
      await keepRide({ id: rideId, title, dates, path: location.pathname }, rideFiles(rideId));
      const ride = await keptRide(rideId);
      setState(ride ? { kind: "saved", ride } : { kind: "failed" });
    } catch {
      setState({ kind: "failed" });
    }
  };

  const remove = async () => {
    await forgetRide(rideId);
    setState({ kind: "ready" });
  };

  if (state.kind === "unsupported") {
    return <p className="text-sm text-ink-600">This browser cannot keep pages for offline use.</p>;
  }
  return (
    <div className="space-y-2">
      {state.kind === "saved" ? (
        <>
          <p role="status" className="flex items-center gap-2 font-semibold text-success-600">
            <Check aria-hidden="true" className="size-5" />
            Saved for the ride ({formatBytes(state.ride.bytes)})
          </p>
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm font-semibold">
            <button
              type="button"
              onClick={save}
              className="inline-flex min-h-11 items-center text-brand-700 underline-offset-4 hover:underline"
            >
              Update
            </button>
            <button
              type="button"
              onClick={remove}
              className="inline-flex min-h-11 items-center text-brand-700 underline-offset-4 hover:underline"
            >
              Remove
            </button>
            <a
              href={SAVED_RIDES_PATH}
              className="inline-flex min-h-11 items-center text-brand-700 underline-offset-4 hover:underline"
            >
              Saved rides
            </a>
          </div>
        </>
      ) : (
        <>
          <NeedsScript />
          <button
            type="button"
            onClick={save}
            disabled={state.kind === "saving"}
            className={`${BUTTON} noscript:hidden`}
          >
            <Download aria-hidden="true" className="size-5" />
            {state.kind === "saving" ? "Saving…" : "Save for the ride"}
          </button>
          <p role="status" className="min-h-5 text-sm text-brand-700 noscript:hidden">
            {state.kind === "failed" ? "Could not save the ride. Check your connection and try again." : ""}
          </p>
        </>
      )}
    </div>
  );
}

/** The Saved rides page's list: each saved ride with its size, and a button that removes it. */
export function SavedRidesList() {
  const [rides, setRides] = useState<KeptRide[] | null>(null);
  const [supported, setSupported] = useState(true);

  useEffect(() => {
    const look = async () => {
      if (canKeepRides()) setRides(await keptRides());
      else setSupported(false);
    };
    void look();
  }, []);

  if (!supported) return <p className="text-ink-600">This browser cannot keep pages for offline use.</p>;
  if (!rides) {
    return (
      <>
        <NeedsScript />
        <p className="text-ink-600 noscript:hidden">Looking for saved rides…</p>
      </>
    );
  }
  if (rides.length === 0) {
    return (
      <p className="text-ink-600">
        No saved rides yet. Open a ride and press <strong>Save for the ride</strong> to read it without a signal.
      </p>
    );
  }
  const total = rides.reduce((sum, ride) => sum + ride.bytes, 0);
  const remove = async (id: string) => {
    await forgetRide(id);
    setRides(await keptRides());
  };
  return (
    <>
      <p className="text-ink-600">
        {rides.length} {rides.length === 1 ? "ride" : "rides"} kept on this device, {formatBytes(total)} in all.
      </p>
      <ul className="mt-6 divide-y divide-ink-100 rounded-card border border-ink-100 bg-white">
        {rides.map((ride) => (
          <li key={ride.id} className="flex flex-wrap items-center gap-4 p-4" data-testid="saved-ride">
            <div className="min-w-0 flex-1">
              <a href={ride.path} className="font-bold text-ink-900 underline-offset-4 hover:underline">
                {ride.title}
              </a>
              <p className="text-sm text-ink-600">
                {[ride.dates, formatBytes(ride.bytes)].filter(Boolean).join(" · ")}
              </p>
            </div>
            <button
              type="button"
              onClick={() => void remove(ride.id)}
              className="inline-flex min-h-11 items-center gap-2 rounded-full border-2 border-ink-200 px-4 font-semibold text-ink-800 hover:bg-ink-50"
            >
              <Trash2 aria-hidden="true" className="size-4" />
              Remove<span className="sr-only"> {ride.title}</span>
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}
