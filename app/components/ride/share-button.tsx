import { Check, Share2 } from "lucide-react";
import { useEffect, useState } from "react";
import { LINK_COPIED_MS } from "~/domain/constants";
import type { RideShare } from "~/domain/ride-share";
import { LinkThenButton } from "~/components/link-then-button";
import { copyText } from "./copy-text";

// Each copy makes a new notice object, so a second click restarts the two seconds.
type Notice = { text: string; tone: "success" | "error" };

/** A phone (a coarse pointer) with the Web Share API opens its own share sheet; a desktop copies the link. */
function sharesNatively(): boolean {
  return typeof navigator.share === "function" && window.matchMedia("(pointer: coarse)").matches;
}

/**
 * product.md#booking-card 'Share This Ride': on a phone the share sheet with the ride's title,
 * dates and price; elsewhere (or when the sheet fails) copies the page's address and says
 * 'Link Copied!' for two seconds. The notice is a live region, so screen readers announce it
 * too. Below it, a plain link that opens WhatsApp with the message typed (decision 023).
 * Until its island has hydrated (or without JavaScript) the button is that WhatsApp link too,
 * so the first tap shares the ride (decision 017, notes of 2026-11-26 and 2026-12-03).
 */
export function ShareButton({ share }: { share: RideShare }) {
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), LINK_COPIED_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const copyLink = async () => {
    const { origin, pathname, search } = window.location;
    const copied = await copyText(`${origin}${pathname}${search}`);
    setNotice(
      copied
        ? { text: "Link Copied!", tone: "success" }
        : { text: "Could not copy the link. Copy it from the address bar.", tone: "error" },
    );
  };

  const onShare = async () => {
    if (!sharesNatively()) return copyLink();
    try {
      await navigator.share({ title: share.title, text: share.text, url: share.url });
    } catch (error) {
      // The rider closed the sheet: nothing to say. Any other failure falls back to copying.
      if (!(error instanceof DOMException && error.name === "AbortError")) await copyLink();
    }
  };

  return (
    <div>
      <LinkThenButton
        href={share.whatsAppHref}
        newTab
        onClick={() => void onShare()}
        className="flex w-full items-center justify-center gap-2 rounded-xl border-2 border-ink-200 px-5 py-3 font-semibold text-ink-800 transition hover:border-ink-300 hover:bg-ink-50"
      >
        <Share2 aria-hidden="true" className="size-5" />
        Share This Ride
      </LinkThenButton>
      <p role="status" className="mt-2 min-h-6 text-center text-sm font-semibold">
        {notice ? (
          <span
            className={`inline-flex items-center gap-1 ${notice.tone === "success" ? "text-success-600" : "text-brand-700"}`}
          >
            {notice.tone === "success" ? <Check aria-hidden="true" className="size-4" /> : null}
            {notice.text}
          </span>
        ) : null}
      </p>
      <a
        href={share.whatsAppHref}
        target="_blank"
        rel="noopener noreferrer"
        className="mb-2 flex min-h-11 items-center justify-center text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
      >
        Share on WhatsApp
      </a>
    </div>
  );
}
