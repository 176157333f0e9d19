import { useEffect, useRef, useState } from "react";
import { DEFAULT_CTA_TEXT, type FeaturedRide, type FeaturedRideInput } from "~/domain/content";

/** Texts the previews show while a field is still empty, so the banner's layout is visible. */
export const PREVIEW_FALLBACKS = {
  title: "Your Banner Title",
  subtitle: "Ride Title",
  description: "A short description of the featured ride appears here.",
} as const;

/** The banner as the previews render it: the form's values, empty texts replaced by fallbacks. */
export function previewBanner(values: FeaturedRideInput): FeaturedRide {
  return {
    ...values,
    title: values.title.trim() || PREVIEW_FALLBACKS.title,
    subtitle: values.subtitle.trim() || PREVIEW_FALLBACKS.subtitle,
    description: values.description.trim() || PREVIEW_FALLBACKS.description,
    ctaText: values.ctaText.trim() || DEFAULT_CTA_TEXT,
    updatedAt: null,
  };
}

/** The form values in a message from another window, checked field by field (it could be anything). */
export function previewValuesOf(data: unknown): FeaturedRideInput | null {
  if (typeof data !== "object" || data === null || !("type" in data) || data.type !== "values" || !("values" in data))
    return null;
  const values = data.values;
  if (typeof values !== "object" || values === null) return null;
  const text = (key: string) => {
    const value = (values as Record<string, unknown>)[key];
    return typeof value === "string" ? value : "";
  };
  const isActive = (values as Record<string, unknown>).isActive;
  return {
    title: text("title"),
    subtitle: text("subtitle"),
    description: text("description"),
    image: text("image"),
    ctaText: text("ctaText"),
    ctaLink: text("ctaLink"),
    isActive: isActive !== false,
  };
}

/**
 * The Featured Ride page and its preview pop-up talk over a BroadcastChannel (same origin
 * only): the pop-up asks for the values when it opens, and the page sends them again on
 * every change, so the preview follows the typing.
 */
const CHANNEL = "roadbook:featured-preview";

export function usePreviewPublisher(values: FeaturedRideInput): void {
  const channel = useRef<BroadcastChannel | null>(null);
  const latest = useRef(values);

  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const opened = new BroadcastChannel(CHANNEL);
    opened.addEventListener("message", (event: MessageEvent<unknown>) => {
      const data = event.data;
      if (typeof data === "object" && data !== null && "type" in data && data.type === "ready") {
        // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a BroadcastChannel reaches only its own origin
        opened.postMessage({ type: "values", values: latest.current });
      }
    });
    channel.current = opened;
    return () => {
      channel.current = null;
      opened.close();
    };
  }, []);

  useEffect(() => {
    latest.current = values;
    channel.current?.postMessage({ type: "values", values });
  }, [values]);
}

export function usePreviewValues(): FeaturedRideInput | null {
  const [values, setValues] = useState<FeaturedRideInput | null>(null);
  useEffect(() => {
    if (typeof BroadcastChannel === "undefined") return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.addEventListener("message", (event: MessageEvent<unknown>) => {
      const next = previewValuesOf(event.data);
      if (next) setValues(next);
    });
    // oxlint-disable-next-line unicorn/require-post-message-target-origin -- a BroadcastChannel reaches only its own origin
    channel.postMessage({ type: "ready" });
    return () => channel.close();
  }, []);
  return values;
}
