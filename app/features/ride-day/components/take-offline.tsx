import { useState } from "react";
import {
  RIDE_DAY_SCOPE,
  RIDE_DAY_WORKER_PATH,
  emergencySheetHref,
  rideDayHref,
} from "~/features/ride-day/domain/paths";

// On the Check-in page: "Take this ride offline" stores the ride's pack on the phone, installs
// the ride-day worker and opens the ride-day page, which the worker then keeps for offline use.
// The store is loaded on the tap only, so the Check-in page carries none of it.

/** Resolves once the registration's worker is active, so it answers the next navigation. */
async function activeWorker(registration: ServiceWorkerRegistration): Promise<void> {
  if (registration.active) return;
  const installing = registration.installing ?? registration.waiting;
  if (!installing) throw new Error("no worker is installing");
  await new Promise<void>((resolve, reject) => {
    installing.addEventListener("statechange", () => {
      if (installing.state === "activated") resolve();
      if (installing.state === "redundant") reject(new Error("the worker failed to install"));
    });
  });
}

/** Stores the pack and installs the worker; what went wrong, in words, or null. */
async function storeAndInstall(rideId: string): Promise<string | null> {
  try {
    const { takeRideOffline } = await import("./store");
    const taken = await takeRideOffline(rideId);
    if (!taken.ok) return taken.message;
  } catch {
    return "Could not take the ride offline: check your connection and try again.";
  }
  try {
    await activeWorker(await navigator.serviceWorker.register(RIDE_DAY_WORKER_PATH, { scope: RIDE_DAY_SCOPE }));
  } catch {
    // A browser without service workers (or refusing them, as some private modes do).
    return "The ride is stored on this phone, but this browser will not open its page without signal.";
  }
  return null;
}

export function TakeOffline({ rideId }: { rideId: string }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState("");

  async function take() {
    setBusy(true);
    setMessage("Downloading the ride…");
    const failure = await storeAndInstall(rideId);
    if (failure) {
      setMessage(failure);
      setBusy(false);
      return;
    }
    // A whole page load, not the router's: the worker must answer it to keep the page.
    window.location.assign(rideDayHref(rideId));
  }

  return (
    <div className="flex flex-wrap items-center gap-3 rounded-card border border-ink-200 bg-white p-4">
      <button
        type="button"
        onClick={() => void take()}
        disabled={busy}
        className="inline-flex min-h-12 items-center rounded-lg bg-ink-900 px-4 font-semibold text-white disabled:opacity-50"
      >
        Take this ride offline
      </button>
      <a href={emergencySheetHref(rideId)} className="font-semibold text-brand-700 underline underline-offset-4">
        Emergency sheet (print)
      </a>
      {message ? (
        <p role="status" className="w-full text-sm text-ink-700">
          {message}
        </p>
      ) : null}
    </div>
  );
}
