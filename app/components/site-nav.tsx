import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { FOOTER_NAV_ID, NAV_LINKS, isCurrentPath } from "~/domain/navigation";
import { LinkThenButton } from "./link-then-button";

/**
 * The links of the top navigation (product.md#navigation), an island inside the site header
 * (site-header.tsx, which draws the logos without script). On small screens the links
 * fold behind a menu button; from the md breakpoint they are always shown and the button is
 * gone. Every link is a full page load, so the menu starts closed on each page. Until the island
 * has hydrated (or without JavaScript) the menu button is a link to the same links in the
 * footer, so its first tap is never lost (decision 017, note of 2026-11-26); hydrated, it is a
 * button that folds the list (WAI-ARIA's disclosure), and Escape folds it too.
 */
export function SiteNav({ currentPath }: { currentPath: string }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggleRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!open) return;
    const closeOnEscape = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener("keydown", closeOnEscape);
    return () => document.removeEventListener("keydown", closeOnEscape);
  }, [open]);

  return (
    <>
      <LinkThenButton
        controlRef={toggleRef}
        href={`#${FOOTER_NAV_ID}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((isOpen) => !isOpen)}
        className="ml-auto inline-flex size-11 items-center justify-center rounded-lg text-ink-800 hover:bg-ink-100 md:hidden"
      >
        {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
        <span className="sr-only">Menu</span>
      </LinkThenButton>

      <ul
        id={listId}
        className={`${open ? "flex" : "hidden"} w-full flex-col gap-1 pb-4 md:ml-auto md:flex md:w-auto md:flex-row md:items-center md:gap-1 md:pb-0`}
      >
        {NAV_LINKS.map((link) => {
          const current = isCurrentPath(link.to, currentPath);
          return (
            <li key={link.to}>
              <a
                href={link.to}
                aria-current={current ? "page" : undefined}
                onClick={() => setOpen(false)}
                className={`block rounded-lg px-3 py-3 text-base font-semibold transition-colors md:py-2 md:text-sm ${
                  current ? "bg-brand-50 text-brand-700" : "text-ink-700 hover:bg-ink-50 hover:text-ink-900"
                }`}
              >
                {link.label}
              </a>
            </li>
          );
        })}
      </ul>
    </>
  );
}
