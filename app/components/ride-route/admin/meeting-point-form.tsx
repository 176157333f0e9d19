import { useFetcher } from "react-router";
import { useResultMessage } from "~/components/admin/use-status-message";
import type { ActionResult } from "~/domain/action-result";
import { type MeetingPoint, meetingPointMapUrl } from "~/domain/ride-route/meeting-point";

const FIELD = "mt-1 block w-full rounded-md border border-ink-300 px-3 py-2";

/** The meeting point: a place name, an address and a position (empty means the route's start). */
export function MeetingPointForm({ meetingPoint, show }: { meetingPoint: MeetingPoint; show: (text: string) => void }) {
  const fetcher = useFetcher<ActionResult>();
  useResultMessage(fetcher.data, show);
  const errors = fetcher.data && !fetcher.data.ok ? (fetcher.data.errors ?? {}) : {};
  const field = (name: keyof MeetingPoint, label: string, props: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <label className="block">
      <span className="font-medium text-ink-900">{label}</span>
      <input
        name={name}
        defaultValue={String(meetingPoint[name])}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `meeting-${name}-error` : undefined}
        className={FIELD}
        {...props}
      />
      {errors[name] ? (
        <span id={`meeting-${name}-error`} className="text-sm text-red-700">
          {errors[name]}
        </span>
      ) : null}
    </label>
  );
  return (
    <fetcher.Form
      className="space-y-3"
      aria-labelledby="meeting-heading"
      onSubmit={(event) => {
        event.preventDefault();
        const form = new FormData(event.currentTarget);
        void fetcher.submit(
          { intent: "meeting", ...Object.fromEntries([...form.entries()].map(([key, value]) => [key, String(value)])) },
          { method: "post", encType: "application/json" },
        );
      }}
    >
      <h2 id="meeting-heading" className="text-xl font-bold text-ink-900">
        Meeting point
      </h2>
      {field("name", "Place name", { maxLength: 120, placeholder: "Cafe Coffee Day, Hebbal" })}
      {field("address", "Address", { maxLength: 300 })}
      <div className="grid gap-3 sm:grid-cols-2">
        {field("latitude", "Latitude", { inputMode: "decimal" })}
        {field("longitude", "Longitude", { inputMode: "decimal" })}
      </div>
      <p className="text-sm text-ink-600">
        Leave the position empty to meet at the route&apos;s start.{" "}
        <a href={meetingPointMapUrl(meetingPoint)} target="_blank" rel="noopener noreferrer" className="underline">
          Check it on Google Maps
        </a>
      </p>
      <button
        type="submit"
        disabled={fetcher.state !== "idle"}
        className="rounded-md bg-brand-600 px-4 py-2 font-semibold text-white hover:bg-brand-700 disabled:opacity-70"
      >
        {fetcher.state !== "idle" ? "Saving..." : "Save Meeting Point"}
      </button>
    </fetcher.Form>
  );
}
