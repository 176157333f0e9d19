import type { MouseEvent } from "react";

/**
 * A primary click without a modifier key: the one an island may take over from its link. A
 * click with Ctrl, ⌘, Shift or Alt, or another button, keeps the link's own meaning (a new tab,
 * a new window, a download).
 */
export function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}
