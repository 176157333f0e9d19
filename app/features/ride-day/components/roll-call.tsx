import { useState } from "react";
import { countRollCall, ridersToCount } from "~/features/ride-day/domain/offline-ops";
import { ROLL_CALL_LABEL_MAX, type RideDayPack, type RollCallMark } from "~/features/ride-day/domain/pack";
import { Tel } from "./roster";

// A roll call at flag-off, a regroup point or the day's end: each confirmed rider marked present
// or missing with a big button, the count at the top, and the missing riders with their phone
// and their emergency contact one tap away.

type RollCallProps = {
  pack: RideDayPack;
  onStart: (label: string) => Promise<string>;
  onMark: (rollCallId: string, registrationId: string, mark: RollCallMark) => void;
};

const markButton = "min-h-12 min-w-24 rounded-lg px-4 text-base font-semibold";

export function RollCallSection({ pack, onStart, onMark }: RollCallProps) {
  const [chosen, choose] = useState<string | null>(null);
  const [label, setLabel] = useState("");
  const call = pack.rollCalls.find((rollCall) => rollCall.id === chosen) ?? pack.rollCalls.at(-1);

  async function start(event: React.FormEvent) {
    event.preventDefault();
    if (!label.trim()) return;
    choose(await onStart(label.trim()));
    setLabel("");
  }

  const count = call ? countRollCall(pack, call) : null;
  return (
    <section aria-labelledby="roll-call-title" className="space-y-3">
      <h2 id="roll-call-title" className="text-lg font-bold text-ink-900">
        Roll call
      </h2>
      <form onSubmit={start} className="flex flex-wrap gap-2">
        <label htmlFor="roll-call-label" className="sr-only">
          Roll call name
        </label>
        <input
          id="roll-call-label"
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          maxLength={ROLL_CALL_LABEL_MAX}
          required
          placeholder="Day 2 · Rohtang top"
          className="min-h-12 flex-1 rounded-md border border-ink-300 px-3"
        />
        <button type="submit" className="min-h-12 rounded-lg bg-ink-900 px-4 font-semibold text-white">
          Start roll call
        </button>
      </form>
      {pack.rollCalls.length > 1 ? (
        <label className="block text-sm">
          Roll call shown{" "}
          <select
            value={call?.id}
            onChange={(event) => choose(event.target.value)}
            className="min-h-11 rounded-md border border-ink-300 px-2"
          >
            {pack.rollCalls.map((rollCall) => (
              <option key={rollCall.id} value={rollCall.id}>
                {rollCall.label}
              </option>
            ))}
          </select>
        </label>
      ) : null}
      {call && count ? (
        <div className="space-y-3" aria-label={`Roll call ${call.label}`} role="group">
          <p className="font-semibold" data-testid="roll-call-count">
            {call.label}: {count.present} present · {count.missing} missing · {count.notMarked} not marked
          </p>
          {count.missingRiders.length > 0 ? (
            <div className="rounded-card border border-red-700 bg-red-50 p-3">
              <h3 className="font-bold text-red-800">Missing</h3>
              <ul className="mt-1 space-y-2" aria-label="Missing riders">
                {count.missingRiders.map((rider) => (
                  <li key={rider.id}>
                    <strong>{rider.name}</strong> · <Tel phone={rider.phone} label={`Call ${rider.phone}`} />
                    <br />
                    Emergency: {rider.emergencyName || "—"} ·{" "}
                    <Tel phone={rider.emergencyPhone} label={`Call ${rider.emergencyPhone}`} />
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          <ul className="space-y-2" aria-label="Mark riders">
            {ridersToCount(pack).map((rider) => {
              const mark = call.marks[rider.id];
              return (
                <li
                  key={rider.id}
                  aria-label={rider.name}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-card border border-ink-200 bg-white p-2"
                >
                  <span className="font-medium">
                    {rider.name}
                    {mark ? <span className="ml-2 text-sm text-ink-700">({mark})</span> : null}
                  </span>
                  <span className="flex gap-2">
                    <button
                      type="button"
                      aria-pressed={mark === "present"}
                      onClick={() => onMark(call.id, rider.id, "present")}
                      className={`${markButton} ${mark === "present" ? "bg-green-800 text-white" : "border border-ink-300 bg-white"}`}
                    >
                      Present
                    </button>
                    <button
                      type="button"
                      aria-pressed={mark === "missing"}
                      onClick={() => onMark(call.id, rider.id, "missing")}
                      className={`${markButton} ${mark === "missing" ? "bg-red-700 text-white" : "border border-ink-300 bg-white"}`}
                    >
                      Missing
                    </button>
                  </span>
                </li>
              );
            })}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
