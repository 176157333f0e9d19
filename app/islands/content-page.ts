import type { UIMatch } from "react-router";

/**
 * The route handle that makes a page a content page (decision 017): the document carries the
 * islands script instead of React Router's client, and links between such pages are full page
 * loads. The public layout sets it for every visitor page.
 */
export const CONTENT_PAGE_HANDLE = { contentPage: true } as const;

export function isContentPage(matches: UIMatch[]): boolean {
  return matches.some((match) => (match.handle as Partial<typeof CONTENT_PAGE_HANDLE> | undefined)?.contentPage);
}
