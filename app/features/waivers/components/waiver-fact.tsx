import { formatIndianTime } from "~/domain/indian-time";
import { type RiderWaiver, WAIVER_STATE_LABELS } from "~/features/waivers/domain/waiver";

/** Whether the rider still has to accept the ride's current waiver. */
export const owesWaiver = (waiver: RiderWaiver) => waiver.state === "missing" || waiver.state === "outdated";

/** A rider's waiver on the Riders page: the version accepted, the name typed and when; or what is missing. */
export function WaiverFact({ waiver }: { waiver: RiderWaiver }) {
  const accepted =
    waiver.version !== null ? (
      <span className="text-ink-700">
        {" "}
        v{waiver.version}
        {waiver.name ? ` · “${waiver.name}”` : ""}
        {waiver.acceptedAt ? (
          <>
            {" · "}
            <time dateTime={waiver.acceptedAt}>{formatIndianTime(waiver.acceptedAt)}</time>
          </>
        ) : null}
      </span>
    ) : null;
  return (
    <>
      <span
        data-testid="waiver"
        className={`font-semibold ${owesWaiver(waiver) ? "text-amber-800" : waiver.state === "accepted" ? "text-success-600" : "text-ink-700"}`}
      >
        {WAIVER_STATE_LABELS[waiver.state]}
      </span>
      {accepted}
    </>
  );
}
