import { CheckCircle2, Info, TriangleAlert } from "lucide-react";
import { messageTone } from "~/domain/messages";
import type { Flash } from "./use-status-message";

const TONE_CLASSES = {
  error: "border-red-300 bg-red-50 text-red-800",
  success: "border-green-300 bg-success-50 text-success-600",
  info: "border-ink-200 bg-ink-50 text-ink-800",
} as const;

const TONE_ICONS = { error: TriangleAlert, success: CheckCircle2, info: Info } as const;

/**
 * The admin's status line (product.md#messages). The two live regions are always in the page, so a screen
 * reader announces a message as soon as its text appears: errors assertively, the rest politely.
 */
export function StatusMessage({ flash }: { flash: Flash | null }) {
  const tone = flash ? messageTone(flash.text) : null;
  const Icon = tone ? TONE_ICONS[tone] : null;
  const body =
    flash && tone && Icon ? (
      <p
        key={flash.key}
        data-tone={tone}
        className={`pointer-events-auto flex items-start gap-2 rounded-lg border px-4 py-3 text-sm font-medium shadow-card ${TONE_CLASSES[tone]}`}
      >
        <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>{flash.text}</span>
      </p>
    ) : null;
  return (
    // Fixed to the viewport so a message is seen wherever the admin has scrolled to.
    <div className="pointer-events-none fixed inset-x-4 bottom-4 z-50 sm:left-auto sm:w-96">
      <div role="alert" aria-live="assertive">
        {tone === "error" ? body : null}
      </div>
      <div role="status" aria-live="polite">
        {tone !== "error" ? body : null}
      </div>
    </div>
  );
}
