import { MessageCircle, RotateCcw } from "lucide-react";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/domain/action-result";
import { formatIndianTime } from "~/domain/indian-time";
import {
  CHANNEL_LABELS,
  DELIVERY_STATUS_LABELS,
  type DeliveryChannel,
  type DeliveryStatus,
} from "~/features/rider-messages/domain/message";
import { useResultMessage } from "~/components/admin/use-status-message";

/** A message as the page's loader gives it (queries.server.ts MessageSummary). */
export type ListedMessage = {
  id: string;
  kind: string;
  subject: string;
  body: string;
  sentBy: string;
  at: string;
  counts: Record<string, number>;
  deliveries: {
    id: string;
    channel: DeliveryChannel;
    status: DeliveryStatus;
    error: string | null;
    reference: string;
    name: string;
    href: string | null;
  }[];
};

const KIND_LABELS: Record<string, string> = { broadcast: "Message", reminder: "Reminder", change: "Change notice" };
const STATUS_CLASSES: Record<DeliveryStatus, string> = {
  queued: "text-amber-800",
  sent: "text-success-600",
  tapped: "text-success-600",
  failed: "text-red-700",
  skipped: "text-ink-600",
};
const buttonClass =
  "inline-flex min-h-11 items-center gap-1.5 rounded-md border border-ink-300 bg-white px-3 text-sm font-medium text-ink-800 hover:bg-ink-50 disabled:opacity-50";

/** "Email: 12 sent, 1 failed · WhatsApp: 3 queued": the message's deliveries at a glance. */
function countsLine(counts: Record<string, number>): string {
  const byChannel = new Map<string, string[]>();
  for (const [key, count] of Object.entries(counts)) {
    const [channel, status] = key.split(":") as [DeliveryChannel, DeliveryStatus];
    const parts = byChannel.get(channel) ?? [];
    parts.push(`${count} ${DELIVERY_STATUS_LABELS[status].toLowerCase()}`);
    byChannel.set(channel, parts);
  }
  return [...byChannel]
    .map(([channel, parts]) => `${CHANNEL_LABELS[channel as DeliveryChannel]}: ${parts.join(", ")}`)
    .join(" · ");
}

/**
 * The ride's messages, newest first, each with its deliveries per rider and channel: resend an
 * email or push copy; the WhatsApp queue, one link per rider that opens their chat with the
 * message typed in and ticks them off.
 */
export function MessageList({
  messages,
  show,
  action,
}: {
  messages: readonly ListedMessage[];
  show: (text: string) => void;
  /** The Messages page's address, when the list is shown on another page (the Riders page). */
  action?: string;
}) {
  const fetcher = useFetcher<ActionResult>();
  useResultMessage(fetcher.data, show);
  const post = (intent: "resend" | "tapped", id: string) =>
    void fetcher.submit({ intent, id }, { method: "post", encType: "application/json", action });

  if (messages.length === 0) return <p className="text-ink-700">No messages to this ride's riders yet.</p>;
  return (
    <ol className="space-y-4">
      {messages.map((message) => {
        const queue = message.deliveries.filter((delivery) => delivery.channel === "whatsapp" && delivery.href);
        const left = queue.filter((delivery) => delivery.status === "queued").length;
        return (
          <li
            key={message.id}
            className="rounded-card border border-ink-200 bg-white p-4 shadow-card"
            data-testid="ride-message"
          >
            <article aria-labelledby={`message-${message.id}`} className="space-y-3">
              <div>
                <p className="text-sm font-semibold text-brand-700">{KIND_LABELS[message.kind] ?? message.kind}</p>
                <h3 id={`message-${message.id}`} className="font-display text-lg font-bold text-ink-900">
                  {message.subject}
                </h3>
                <p className="text-sm text-ink-600">
                  <time dateTime={message.at}>{formatIndianTime(message.at)}</time> · by {message.sentBy}
                </p>
                <p className="mt-1 text-sm text-ink-700" data-testid="message-counts">
                  {countsLine(message.counts)}
                </p>
              </div>
              {queue.length > 0 ? (
                <details open={left > 0}>
                  <summary className="cursor-pointer font-semibold text-ink-900">
                    Send on WhatsApp: {left} of {queue.length} left
                  </summary>
                  <ul className="mt-2 space-y-2" data-testid="whatsapp-queue">
                    {queue.map((delivery) => (
                      <li key={delivery.id} className="flex flex-wrap items-center gap-3">
                        <a
                          href={delivery.href!}
                          target="_blank"
                          rel="noopener noreferrer"
                          onClick={() => post("tapped", delivery.id)}
                          className={buttonClass}
                        >
                          <MessageCircle aria-hidden="true" className="size-4" />
                          {delivery.name || delivery.reference}
                        </a>
                        <span className={`text-sm ${STATUS_CLASSES[delivery.status]}`} data-testid="whatsapp-status">
                          {DELIVERY_STATUS_LABELS[delivery.status]}
                        </span>
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
              <details>
                <summary className="cursor-pointer font-semibold text-ink-900">Each rider</summary>
                <table className="mt-2 w-full text-left text-sm">
                  <thead>
                    <tr className="text-ink-600">
                      <th scope="col" className="py-1 pr-3 font-semibold">
                        Rider
                      </th>
                      <th scope="col" className="py-1 pr-3 font-semibold">
                        Channel
                      </th>
                      <th scope="col" className="py-1 pr-3 font-semibold">
                        Status
                      </th>
                      <th scope="col" className="py-1 font-semibold">
                        <span className="sr-only">Action</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {message.deliveries.map((delivery) => (
                      <tr
                        key={delivery.id}
                        className="border-t border-ink-100"
                        data-testid="delivery"
                        data-reference={delivery.reference}
                        data-channel={delivery.channel}
                      >
                        <td className="py-1 pr-3">
                          {delivery.name || "—"} <span className="font-mono text-ink-600">{delivery.reference}</span>
                        </td>
                        <td className="py-1 pr-3">{CHANNEL_LABELS[delivery.channel]}</td>
                        <td className={`py-1 pr-3 ${STATUS_CLASSES[delivery.status]}`} data-testid="delivery-status">
                          {DELIVERY_STATUS_LABELS[delivery.status]}
                          {delivery.error ? <span className="block text-ink-600">{delivery.error}</span> : null}
                        </td>
                        <td className="py-1">
                          {delivery.channel === "email" || delivery.channel === "push" ? (
                            <button
                              type="button"
                              className={buttonClass}
                              onClick={() => post("resend", delivery.id)}
                              disabled={fetcher.state !== "idle"}
                            >
                              <RotateCcw aria-hidden="true" className="size-4" />
                              Resend
                            </button>
                          ) : null}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            </article>
          </li>
        );
      })}
    </ol>
  );
}
