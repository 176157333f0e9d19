import { type MouseEvent, useEffect, useRef } from "react";
import { usePrefersReducedMotion } from "~/components/use-prefers-reduced-motion";
import { RIDE_SECTIONS } from "./sections";
import { useActiveSection } from "./use-active-section";

const SECTION_IDS = RIDE_SECTIONS.map((section) => section.id);

/**
 * Tabs (product.md#ride-page): links to the page's sections in a bar that sticks under the navigation. A
 * tab scrolls smoothly to its section (instantly for visitors who asked for less motion);
 * the tab of the section being read is marked as current. Without JavaScript they are
 * plain in-page links.
 */
export function RideTabs() {
  const active = useActiveSection(SECTION_IDS);
  const reducedMotion = usePrefersReducedMotion();
  const listRef = useRef<HTMLUListElement>(null);

  // On a narrow screen the bar scrolls sideways; keep the current tab in view. Only the
  // bar scrolls: scrolling the page here would interrupt a smooth scroll under way.
  useEffect(() => {
    const list = listRef.current;
    const tab = list?.children[active] as HTMLElement | undefined;
    if (!list || !tab) return;
    const outside =
      tab.offsetLeft < list.scrollLeft || tab.offsetLeft + tab.offsetWidth > list.scrollLeft + list.clientWidth;
    if (outside) list.scrollTo({ left: tab.offsetLeft - 16, behavior: reducedMotion ? "auto" : "smooth" });
  }, [active, reducedMotion]);

  const scrollToSection = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const section = document.getElementById(id);
    if (!section) return;
    event.preventDefault();
    section.scrollIntoView({ behavior: reducedMotion ? "auto" : "smooth", block: "start" });
    section.focus({ preventScroll: true });
  };

  return (
    <nav aria-label="Ride sections" className="sticky top-nav z-30 border-b border-ink-100 bg-white/95 backdrop-blur">
      <ul
        ref={listRef}
        className="mx-auto flex max-w-7xl gap-1 overflow-x-auto px-4 [scrollbar-width:none] sm:px-6 lg:px-8"
      >
        {RIDE_SECTIONS.map((section, index) => (
          <li key={section.id} className="shrink-0">
            <a
              href={`#${section.id}`}
              onClick={(event) => scrollToSection(event, section.id)}
              aria-current={index === active ? "true" : undefined}
              className="inline-flex h-14 items-center border-b-3 border-transparent px-3 font-semibold whitespace-nowrap text-ink-600 hover:text-ink-900 aria-[current=true]:border-brand-600 aria-[current=true]:text-brand-700"
            >
              {section.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
