import { CalendarPlus, MessageCircle } from "lucide-react";
import { SECONDARY_CLASS } from "./form-controls";

/** The booking page's links to the ride: the WhatsApp group, the rider's own calendar. */
export type BookingRideLinksView = {
  /** The ride's WhatsApp group invite: only for a confirmed seat (groupInviteFor), else null. */
  groupInvite: string | null;
  /** The rider's own calendar feed: `webcal:` to subscribe, `https:` to download; null for a cancelled booking. */
  calendar: { subscribe: string; download: string } | null;
};

/** The ride's group and the rider's calendar, when there is either; nothing otherwise. */
export function BookingRideLinks({ links }: { links: BookingRideLinksView }) {
  if (!links.groupInvite && !links.calendar) return null;
  return (
    <section aria-labelledby="ride-links-heading" className="space-y-4 border-t border-ink-100 pt-8">
      <h2 id="ride-links-heading" className="text-xl font-bold text-ink-900">
        Stay in touch with the ride
      </h2>
      {links.groupInvite ? (
        <div className="space-y-2">
          <p className="text-ink-700">
            The ride's WhatsApp group is for confirmed riders: plans, meeting point and updates on the road.
          </p>
          <a
            href={links.groupInvite}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="group-invite"
            className={`${SECONDARY_CLASS} gap-2 border-green-600 text-green-800`}
          >
            <MessageCircle aria-hidden="true" className="size-5" />
            Join the ride's WhatsApp group
          </a>
        </div>
      ) : null}
      {links.calendar ? (
        <div className="space-y-2">
          <p className="text-ink-700">
            Your ride in your calendar, kept up to date if its dates change, with a reminder the day before.
          </p>
          <div className="flex flex-wrap items-center gap-3">
            <a href={links.calendar.subscribe} data-testid="booking-calendar" className={`${SECONDARY_CLASS} gap-2`}>
              <CalendarPlus aria-hidden="true" className="size-5" />
              Add to my calendar
            </a>
            <a href={links.calendar.download} className="text-sm text-brand-700 underline">
              or download the .ics file
            </a>
          </div>
          <p className="text-sm text-ink-600">This calendar link is private like this page: keep it to yourself.</p>
        </div>
      ) : null}
    </section>
  );
}
