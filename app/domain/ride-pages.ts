import { parseIsoDate } from "./dates";

// Past rides in pages (product.md#previous-page): a community that rides every weekend has hundreds
// within a few years, and one page of every card would grow without end.

export const PREVIOUS_PAGE_SIZE = 24;

/** How many pages `total` rides fill; one (empty) page when there are none. */
export function pageCount(total: number, size = PREVIOUS_PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

/**
 * The page a `?page=` value asks for: 1 when there is none; null when it is not a whole
 * number from 1 to `pages` (or is written as no link of ours writes it, '01' say).
 */
export function requestedPage(value: string | null, pages: number): number | null {
  if (value === null) return 1;
  if (!/^[1-9]\d{0,5}$/.test(value)) return null;
  const page = Number(value);
  return page <= pages ? page : null;
}

export type YearGroup<R> = { year: number | null; rides: R[] };

/** Consecutive rides of one start year under one heading, in the order given; undated last come as null. */
export function groupByYear<R extends { startDate: string }>(rides: R[]): YearGroup<R>[] {
  const groups: YearGroup<R>[] = [];
  for (const ride of rides) {
    const year = parseIsoDate(ride.startDate)?.getUTCFullYear() ?? null;
    const last = groups.at(-1);
    if (last && last.year === year) last.rides.push(ride);
    else groups.push({ year, rides: [ride] });
  }
  return groups;
}
