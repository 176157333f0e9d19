import { Check, Undo2 } from "lucide-react";
import { OPTION_LABELS } from "~/domain/registration/settings";
import { displayPhone } from "~/domain/registration/rider-contact";
import type { RiderRow } from "~/domain/registration/riders-page";
import { useRiderAction } from "~/components/admin/riders/use-rider-action";
import { owesWaiver } from "~/features/waivers/components/waiver-fact";
import type { RiderWaiver } from "~/features/waivers/domain/waiver";

/** One confirmed rider at flag-off: a large button to check them in, or to undo it. */
export function CheckInRow({
  rider,
  onMessage,
}: {
  rider: RiderRow & { waiver: RiderWaiver };
  onMessage: (text: string) => void;
}) {
  const { run, pending } = useRiderAction(onMessage);
  const checkedIn = rider.checkedInAt !== null;
  const name = rider.erased ? rider.reference : rider.name;
  return (
    <li
      data-testid="check-in-rider"
      data-reference={rider.reference}
      data-checked-in={checkedIn}
      className={`flex items-center gap-3 rounded-card border p-3 ${checkedIn ? "border-green-300 bg-success-50" : "border-ink-200 bg-white"}`}
    >
      <div className="min-w-0 flex-1">
        <p className="text-lg font-bold break-words text-ink-900">{name}</p>
        <p className="text-sm text-ink-700">
          {rider.reference} · {OPTION_LABELS[rider.option]}
          {rider.phone ? ` · ${displayPhone(rider.phone)}` : ""}
        </p>
        {owesWaiver(rider.waiver) ? (
          <p data-testid="waiver-owed" className="text-sm font-semibold text-amber-800">
            {rider.waiver.state === "outdated" ? "Has not accepted the new waiver" : "Has not accepted the waiver"}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        disabled={pending !== null}
        onClick={() => run("check-in", { id: rider.id, checkedIn: !checkedIn })}
        className={
          checkedIn
            ? "inline-flex min-h-14 min-w-28 items-center justify-center gap-2 rounded-lg border border-ink-300 bg-white px-4 text-base font-semibold text-ink-800 disabled:opacity-50"
            : "inline-flex min-h-14 min-w-28 items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 text-base font-semibold text-white hover:bg-brand-700 disabled:opacity-50"
        }
      >
        {checkedIn ? <Undo2 aria-hidden="true" className="size-5" /> : <Check aria-hidden="true" className="size-5" />}
        {checkedIn ? "Undo" : "Check in"}
        <span className="sr-only"> {name}</span>
      </button>
    </li>
  );
}
