import { ChevronLeft, ChevronRight } from "lucide-react";
import { previousPageHref } from "~/domain/links";

const LINK = "inline-flex min-h-11 min-w-11 items-center justify-center gap-1 rounded-full px-4 font-semibold";

/** The previous-rides page's page links: plain links, so they work without JavaScript too. */
export function PageLinks({ page, pages }: { page: number; pages: number }) {
  const numbers = Array.from({ length: pages }, (_, index) => index + 1);
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-center gap-2">
      {page > 1 && (
        <a href={previousPageHref(page - 1)} rel="prev" className={`${LINK} text-ink-800 hover:bg-ink-100`}>
          <ChevronLeft aria-hidden="true" className="size-5" />
          Newer rides
        </a>
      )}
      {numbers.map((number) => (
        <a
          key={number}
          href={previousPageHref(number)}
          aria-label={`Page ${number}`}
          aria-current={number === page ? "page" : undefined}
          className={`${LINK} ${number === page ? "bg-ink-900 text-white" : "text-ink-800 hover:bg-ink-100"}`}
        >
          {number}
        </a>
      ))}
      {page < pages && (
        <a href={previousPageHref(page + 1)} rel="next" className={`${LINK} text-ink-800 hover:bg-ink-100`}>
          Older rides
          <ChevronRight aria-hidden="true" className="size-5" />
        </a>
      )}
    </nav>
  );
}
