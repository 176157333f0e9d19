import { formatIndianTime } from "~/domain/indian-time";
import { OPTION_LABELS } from "~/domain/registration/settings";
import type { RideDayRider, WaiverState } from "~/features/ride-day/domain/pack";

// The roster on the road: who rides, how to reach them, whether they are here, and whom to
// call if something happens to them. Every number is a tel: link, one tap from a call.

const WAIVER_LABELS: Record<WaiverState, string> = {
  accepted: "Waiver accepted",
  outdated: "Waiver: an older version only",
  missing: "Waiver not accepted",
  "not-required": "No waiver needed",
};

const bigButton = "min-h-12 rounded-lg px-4 text-base font-semibold disabled:opacity-50";

export function Tel({ phone, label }: { phone: string; label?: string }) {
  return phone ? (
    <a href={`tel:${phone}`} className="font-semibold text-brand-700 underline underline-offset-4">
      {label ?? phone}
    </a>
  ) : (
    <span className="text-ink-600">no number</span>
  );
}

function time(iso: string): string {
  return new Date(iso).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
}

/** The waiver's state, and what the rider accepted: 'Waiver accepted · v2 · “Asha Rao” · 2 May 2027, 14:45 IST'. */
export function waiverLine({ waiver }: RideDayRider): string {
  const accepted =
    waiver.version === null
      ? []
      : [
          `v${waiver.version}`,
          waiver.name ? `“${waiver.name}”` : "",
          waiver.acceptedAt ? formatIndianTime(waiver.acceptedAt) : "",
        ];
  return [WAIVER_LABELS[waiver.state], ...accepted].filter(Boolean).join(" · ");
}

function payment(rider: RideDayRider): string {
  if (rider.payment === "due") return "Payment due";
  return rider.balancePaid === false ? "Paid, balance due" : "Paid";
}

export function EmergencyDetails({ rider }: { rider: RideDayRider }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="text-ink-600">Emergency</dt>
      <dd>
        {rider.emergencyName || "—"} · <Tel phone={rider.emergencyPhone} />
      </dd>
      <dt className="text-ink-600">Blood group</dt>
      <dd>{rider.bloodGroup || "—"}</dd>
      <dt className="text-ink-600">Licence</dt>
      <dd>{rider.licence || "—"}</dd>
      <dt className="text-ink-600">Bike</dt>
      <dd>{rider.bike || "—"}</dd>
    </dl>
  );
}

type RosterProps = {
  riders: RideDayRider[];
  onCheckIn: (id: string) => void;
  onUndo: (id: string) => void;
};

export function Roster({ riders, onCheckIn, onUndo }: RosterProps) {
  return (
    <ul className="space-y-2" aria-label="Riders">
      {riders.map((rider) => {
        const cancelled = rider.status === "cancelled";
        return (
          <li key={rider.id} className="rounded-card border border-ink-200 bg-white p-3" aria-label={rider.name}>
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div>
                <p className="font-semibold text-ink-900">
                  {rider.name} <span className="text-sm font-normal text-ink-600">{rider.reference}</span>
                </p>
                <p className="text-sm">
                  <Tel phone={rider.phone} /> · {OPTION_LABELS[rider.option]}
                  {rider.pillionName ? ` with ${rider.pillionName}` : ""}
                </p>
                <p className="text-sm text-ink-700">
                  {payment(rider)} · <span data-testid="waiver">{waiverLine(rider)}</span>
                </p>
              </div>
              {cancelled ? (
                <p className="font-semibold text-red-700">Cancelled</p>
              ) : rider.checkedInAt ? (
                <div className="flex items-center gap-2">
                  <p className="font-semibold text-green-800">Checked in {time(rider.checkedInAt)}</p>
                  <button
                    type="button"
                    onClick={() => onUndo(rider.id)}
                    className={`${bigButton} border border-ink-300 bg-white text-ink-800`}
                  >
                    Undo
                  </button>
                </div>
              ) : (
                <button
                  type="button"
                  onClick={() => onCheckIn(rider.id)}
                  className={`${bigButton} bg-ink-900 text-white`}
                >
                  Check in
                </button>
              )}
            </div>
            <details className="mt-2">
              <summary className="min-h-11 cursor-pointer py-2 text-sm font-medium text-ink-800">
                Emergency details
              </summary>
              <EmergencyDetails rider={rider} />
            </details>
          </li>
        );
      })}
    </ul>
  );
}
