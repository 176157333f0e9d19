import { CSS, type Transform } from "@dnd-kit/utilities";
import { useLayoutEffect, useRef } from "react";

/**
 * Applies dnd-kit's movement through the CSS object model rather than a style attribute: the
 * Content-Security-Policy refuses inline style attributes, not styles set from script.
 * Returns the ref to attach to the moving element.
 */
export function useSortableStyle<T extends HTMLElement>(transform: Transform | null, transition: string | undefined) {
  const node = useRef<T | null>(null);
  useLayoutEffect(() => {
    const element = node.current;
    if (!element) return;
    element.style.transform = CSS.Translate.toString(transform) ?? "";
    element.style.transition = transition ?? "";
  }, [transform, transition]);
  return node;
}
