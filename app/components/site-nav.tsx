import { Menu, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { FOOTER_NAV_ID, NAV_LINKS, isCurrentPath } from "~/domain/navigation";
import { SITE_NAME } from "~/domain/site";
import { isPlainClick } from "./plain-click";
import { LogoMark, Wordmark } from "./logo";

/**
 * The top navigation of every public page (product.md#navigation), an island. On small screens the links
 * fold behind a menu button; from the md breakpoint they are always shown and the button is
 * gone. Every link is a full page load, so the menu starts closed on each page. Until the island
 * has hydrated (or without JavaScript) the menu button is a link to the same links in the
 * footer, so its first tap is never lost (decision 017, note of 2026-11-26).
 */
export function SiteNav({ currentPath }: { currentPath: string }) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const toggleRef = useRef<HTMLAnchorElement>(null);

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
    <header className="sticky top-0 z-40 border-b border-ink-100 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/85">
      <nav aria-label="Main" className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 px-4 sm:px-6 lg:px-8">
        <div className="flex h-nav items-center gap-2">
          {/* The mark repeats the wordmark's link; one tab stop and one announcement are enough. */}
          <a href="/" tabIndex={-1} aria-hidden="true" className="shrink-0" data-testid="logo-link">
            <LogoMark className="size-10" />
          </a>
          <a href="/" className="shrink-0" data-testid="title-link">
            <Wordmark label={`${SITE_NAME} home`} />
          </a>
        </div>

        <a
          ref={toggleRef}
          href={`#${FOOTER_NAV_ID}`}
          aria-expanded={open}
          aria-controls={listId}
          onClick={(event) => {
            if (!isPlainClick(event)) return;
            event.preventDefault();
            setOpen((isOpen) => !isOpen);
          }}
          className="ml-auto inline-flex size-11 items-center justify-center rounded-lg text-ink-800 hover:bg-ink-100 md:hidden"
        >
          {open ? <X aria-hidden="true" className="size-6" /> : <Menu aria-hidden="true" className="size-6" />}
          <span className="sr-only">Menu</span>
        </a>

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
      </nav>
    </header>
  );
}
