import { Check, Share2 } from "lucide-react";
import { useEffect, useState } from "react";
import { LINK_COPIED_MS } from "~/domain/constants";
import { copyText } from "./copy-text";

// Each copy makes a new notice object, so a second click restarts the two seconds.
type Notice = { text: string; tone: "success" | "error" };

/**
 * 'Share This Ride' (product.md#booking-card): copies the page's address and says 'Link Copied!' for two
 * seconds. The notice is a live region, so screen readers announce it too.
 */
export function ShareButton() {
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    if (!notice) return;
    const timer = setTimeout(() => setNotice(null), LINK_COPIED_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  const share = async () => {
    const { origin, pathname, search } = window.location;
    const copied = await copyText(`${origin}${pathname}${search}`);
    setNotice(
      copied
        ? { text: "Link Copied!", tone: "success" }
        : { text: "Could not copy the link. Copy it from the address bar.", tone: "error" },
    );
  };

  return (
    <div>
      <button
        type="button"
        onClick={share}
        className="flex w-full items-center justify-center gap-2 rounded-xl border-2 border-ink-200 px-5 py-3 font-semibold text-ink-800 transition hover:border-ink-300 hover:bg-ink-50"
      >
        <Share2 aria-hidden="true" className="size-5" />
        Share This Ride
      </button>
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
    </div>
  );
}
