import { Bell } from "lucide-react";
import { formatIndianTime } from "~/domain/indian-time";
import type { RideMessageKind } from "~/features/rider-messages/domain/message";
import { SECONDARY_CLASS } from "~/components/registration/form-controls";

export type BookingUpdate = { id: string; kind: RideMessageKind; subject: string; body: string; at: string };

/**
 * The booking page's Updates (docs/features/rider-messages.md): everything the ride told this
 * rider, newest first, so a rider without email or push still reads it all by opening the link.
 * Below it, the rider turns reminders off or on: a plain form, as every control of this page.
 */
export function BookingUpdates({
  href,
  updates,
  reminders,
  live,
}: {
  href: string;
  updates: readonly BookingUpdate[];
  reminders: boolean;
  /** False for a cancelled booking: it gets no more reminders to turn off. */
  live: boolean;
}) {
  return (
    <section aria-labelledby="updates-heading" className="space-y-4 border-t border-ink-100 pt-8">
      <h2 id="updates-heading" className="flex items-center gap-2 text-xl font-bold text-ink-900">
        <Bell aria-hidden="true" className="size-5 text-brand-600" />
        Updates
      </h2>
      {updates.length === 0 ? (
        <p className="text-ink-700">Nothing yet. What the organisers tell the ride's riders appears here.</p>
      ) : (
        <ol className="space-y-4" data-testid="updates">
          {updates.map((update) => (
            <li key={update.id} className="rounded-xl border border-ink-200 bg-white p-4" data-testid="update">
              <article aria-labelledby={`update-${update.id}`}>
                <h3 id={`update-${update.id}`} className="font-bold text-ink-900">
                  {update.subject}
                </h3>
                <p className="text-sm text-ink-600">
                  <time dateTime={update.at}>{formatIndianTime(update.at)}</time>
                </p>
                <p className="mt-2 whitespace-pre-line text-ink-800">{update.body}</p>
              </article>
            </li>
          ))}
        </ol>
      )}
      {live ? (
        <form method="post" action={href} className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="reminders" />
          <input type="hidden" name="reminders" value={reminders ? "off" : "on"} />
          <p className="text-ink-700" data-testid="reminders-state">
            {reminders
              ? "You get reminders before the ride by email (and WhatsApp from the captain)."
              : "Reminders are off: they still appear here, but are not sent to you."}
          </p>
          <button type="submit" className={SECONDARY_CLASS}>
            {reminders ? "Turn reminders off" : "Turn reminders on"}
          </button>
        </form>
      ) : null}
    </section>
  );
}
