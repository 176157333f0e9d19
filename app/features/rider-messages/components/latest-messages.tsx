import { Mail } from "lucide-react";
import { Link } from "react-router";
import type { RidersPageSection } from "~/components/admin/riders/riders-page-section";
import { rideMessagesHref } from "~/domain/admin-links";
import { type ListedMessage, MessageList } from "./message-list";

const linkClass =
  "inline-flex min-h-11 items-center gap-2 rounded-md border border-ink-300 bg-white px-4 text-sm font-medium text-ink-800 hover:bg-ink-50";

/** The ride's latest messages on its Riders page, each rider's copies and the WhatsApp queue; the Messages page has them all. */
export const latestMessagesSection = {
  name: "messages",
  Section: ({ rideId, page, show }) => (
    <section aria-labelledby="messages-heading" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="messages-heading" className="font-display text-xl font-bold text-ink-900">
          Latest messages
        </h2>
        <Link to={rideMessagesHref(rideId)} className={linkClass}>
          <Mail aria-hidden="true" className="size-4" />
          Write to riders · all messages
        </Link>
      </div>
      <MessageList messages={page.messages} show={show} action={rideMessagesHref(rideId)} />
    </section>
  ),
} satisfies RidersPageSection<{ messages: readonly ListedMessage[] }>;
