import { useEffect, useState } from "react";
import { SCROLL_OFFSET_PX } from "~/domain/constants";
import { activeSectionIndex } from "./sections";

/**
 * The index of the section the visitor is reading: recomputed at most once per frame while
 * the page scrolls or resizes, from where each section's top is in the viewport.
 */
export function useActiveSection(sectionIds: readonly string[]): number {
  const [active, setActive] = useState(0);

  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const tops = sectionIds.map(
        (id) => document.getElementById(id)?.getBoundingClientRect().top ?? Number.POSITIVE_INFINITY,
      );
      setActive(activeSectionIndex(tops, SCROLL_OFFSET_PX));
    };
    const schedule = () => {
      if (frame === 0) frame = requestAnimationFrame(update);
    };
    schedule();
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    return () => {
      window.removeEventListener("scroll", schedule);
      window.removeEventListener("resize", schedule);
      cancelAnimationFrame(frame);
    };
  }, [sectionIds]);

  return active;
}
