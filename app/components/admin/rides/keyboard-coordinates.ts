import type { KeyboardCoordinateGetter } from "@dnd-kit/core";
import { KEYBOARD_DRAG_STEP_PX } from "~/domain/constants";

const VERTICAL_STEPS: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };

/**
 * Keyboard dragging for a vertical list (product.md#admin-rides, #timings): each ArrowDown / ArrowUp moves the
 * picked-up card by `step` pixels, and the list re-sorts as its centre passes another card's.
 * Sideways keys do nothing in a single column. The page must not scroll under the card, so
 * the arrow key's default is prevented.
 */
export function steppedKeyboardCoordinates(step = KEYBOARD_DRAG_STEP_PX): KeyboardCoordinateGetter {
  return (event, { currentCoordinates }) => {
    const direction = VERTICAL_STEPS[event.code];
    if (direction === undefined) return undefined;
    event.preventDefault();
    return { x: currentCoordinates.x, y: currentCoordinates.y + direction * step };
  };
}
