import { SITE_NAME } from "~/domain/site";
import { Island } from "~/islands/island";
import { LogoMark, Wordmark } from "./logo";
import { SiteNav } from "./site-nav";

/**
 * The top of every public page (product.md#navigation): the logos, drawn by the server alone
 * (the page's script never carries them), and the links, an island (site-nav.tsx).
 */
export function SiteHeader({ currentPath }: { currentPath: string }) {
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
        <Island name="site-nav" component={SiteNav} props={{ currentPath }} />
      </nav>
    </header>
  );
}
