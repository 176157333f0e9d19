import { KeyRound, Send } from "lucide-react";
import { useFetcher } from "react-router";
import type { ActionResult } from "~/domain/action-result";
import { useResultMessage } from "../use-status-message";

const buttonClass =
  "inline-flex min-h-11 items-center gap-1.5 rounded-md border px-3 text-sm font-medium disabled:opacity-50";

/**
 * "New link by WhatsApp": for a rider who lost their link when mail is off. The
 * server rotates the link (the old one stops working) and answers WhatsApp's click-to-chat link
 * with the fresh one typed in; the admin sends it from their phone. Its own fetcher, as the
 * answer carries that link for this card only.
 */
export function FreshLinkButton({
  rider,
  onMessage,
}: {
  rider: { id: string; reference: string; name: string };
  onMessage: (text: string) => void;
}) {
  const fetcher = useFetcher<ActionResult<{ whatsapp: string | null }>>();
  useResultMessage(fetcher.data, onMessage);
  const whatsapp = fetcher.data?.ok ? fetcher.data.whatsapp : null;
  const who = rider.name || rider.reference;

  function renew() {
    if (!window.confirm(`Make a new link for ${who} (${rider.reference})? Their current link stops working.`)) return;
    void fetcher.submit({ intent: "whatsapp-link", id: rider.id }, { method: "post", encType: "application/json" });
  }

  return (
    <>
      <button
        type="button"
        disabled={fetcher.state !== "idle"}
        onClick={renew}
        className={`${buttonClass} border-ink-300 text-ink-800 hover:bg-ink-50`}
      >
        <KeyRound aria-hidden="true" className="size-4" />
        New link by WhatsApp<span className="sr-only"> {rider.reference}</span>
      </button>
      {whatsapp ? (
        <a
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="fresh-link-whatsapp"
          className={`${buttonClass} border-green-600 bg-green-50 text-green-800 hover:bg-green-100`}
        >
          <Send aria-hidden="true" className="size-4" />
          Send the new link<span className="sr-only"> to {who}</span>
        </a>
      ) : null}
    </>
  );
}
