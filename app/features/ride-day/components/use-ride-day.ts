import { useCallback, useEffect, useRef, useState } from "react";
import { type RideDayOpFields, isExpired, withPendingOps } from "~/features/ride-day/domain/offline-ops";
import type { RideDayOp, RideDayPack, RollCallMark } from "~/features/ride-day/domain/pack";
import { type HeldRide, dismissConflict, forgetRide, heldRide, queueOp, syncRide } from "./store";

// The ride-day page's state: the ride as the phone holds it, the network as the browser sees
// it, and the changes the captain makes, each queued first and sent when the network allows.

/** `expired`: the pack is past its expiry and stays only for the changes never sent (and conflicts unread). */
export type RideDayState =
  | { kind: "opening" }
  | { kind: "absent"; message: string }
  | { kind: "open"; held: HeldRide; shown: RideDayPack; expired: boolean };

const NOT_HERE = "This ride is not on this phone. Open its Check-in page online and choose Take this ride offline.";

export function useRideDay(rideId: string) {
  const [state, setState] = useState<RideDayState>({ kind: "opening" });
  const [online, setOnline] = useState(true);
  const [syncNote, setSyncNote] = useState("");
  const syncing = useRef<Promise<void> | null>(null);
  const again = useRef(false);

  const show = useCallback((held: HeldRide | undefined, message = NOT_HERE) => {
    setState(
      held
        ? {
            kind: "open",
            held,
            shown: withPendingOps(held.pack, held.queue),
            expired: isExpired(held.pack, new Date()),
          }
        : { kind: "absent", message },
    );
  }, []);

  // One sync at a time. One asked for meanwhile (a change made while a sync was on its way) runs
  // right after, so nothing stays waiting while the phone is online.
  const sync = useCallback(async () => {
    if (syncing.current) {
      again.current = true;
      return syncing.current;
    }
    const run = (async () => {
      do {
        again.current = false;
        setSyncNote("Syncing…");
        const result = await syncRide(rideId);
        if (result.kind === "synced") {
          show(result.held);
          setSyncNote(`Synced at ${new Date().toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })}`);
          continue;
        }
        if (result.kind === "gone") {
          show(undefined, `${result.message} The ride's details were removed from this phone.`);
          setSyncNote("");
        } else if (result.kind === "signed-out") {
          setSyncNote("Your session has ended: sign in again, then reopen this page to sync.");
        } else {
          setSyncNote(result.kind === "offline" ? "Offline: the changes wait on this phone." : result.message);
        }
        return;
      } while (again.current);
    })();
    syncing.current = run;
    try {
      await run;
    } finally {
      syncing.current = null;
    }
  }, [rideId, show]);

  useEffect(() => {
    const update = () => {
      setOnline(navigator.onLine);
      if (navigator.onLine) void sync();
    };
    const offline = () => setOnline(false);
    window.addEventListener("online", update);
    window.addEventListener("offline", offline);
    const open = async () => {
      const held = await heldRide(rideId);
      show(held);
      setOnline(navigator.onLine);
      if (held && navigator.onLine) await sync();
    };
    void open();
    return () => {
      window.removeEventListener("online", update);
      window.removeEventListener("offline", offline);
    };
  }, [rideId, show, sync]);

  const change = useCallback(
    async (fields: RideDayOpFields) => {
      const op = { ...fields, id: crypto.randomUUID(), at: new Date().toISOString() } as RideDayOp;
      show(await queueOp(rideId, op));
      if (navigator.onLine) void sync();
    },
    [rideId, show, sync],
  );

  return {
    state,
    online,
    syncNote,
    sync,
    checkIn: (registrationId: string) => change({ kind: "check-in", registrationId }),
    undoCheckIn: (registrationId: string) => change({ kind: "undo-check-in", registrationId }),
    startRollCall: (label: string) => {
      const rollCallId = crypto.randomUUID();
      return change({ kind: "roll-call", rollCallId, label }).then(() => rollCallId);
    },
    mark: (rollCallId: string, registrationId: string, mark: RollCallMark) =>
      change({ kind: "mark", rollCallId, registrationId, mark }),
    dismiss: async (id: string) => show(await dismissConflict(rideId, id)),
    /** An expired ride's changes never sent, dropped on the captain's word, and the ride with them. */
    discard: async () => {
      await forgetRide(rideId);
      show(undefined, "The changes were discarded and this ride's expired details removed from this phone.");
    },
  };
}

export type RideDay = ReturnType<typeof useRideDay>;
