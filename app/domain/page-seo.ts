import { absoluteUrl, type MetaTag, type SeoSite, shareImageTags } from "./ride-seo";
import { SITE_PAGES, type SitePage, pageShareCardPath } from "./share-card";
import { pageTitle } from "./site";

// What search engines and link previews read about the site's own pages (home, past rides,
// about, contact): title, description, canonical link, Open Graph with the page's share card.

type LayoutData = { origin: string; config: { company: { name: string } } } | undefined;

/** The origin and company name the public layout loaded, as every page's meta needs them. */
export function seoSite(layout: LayoutData, fallbackName: string): SeoSite {
  return { origin: layout?.origin ?? "", siteName: layout?.config.company.name || fallbackName };
}

/** The page's tags; `title` and `canonicalPath` for a page of a list (/previous?page=2). */
export function pageMetaTags(
  page: SitePage,
  site: SeoSite,
  list: { title: string; canonicalPath: string } = {
    title: SITE_PAGES[page].heading,
    canonicalPath: SITE_PAGES[page].path,
  },
): MetaTag[] {
  const { heading, description } = SITE_PAGES[page];
  const { title, canonicalPath } = list;
  const url = absoluteUrl(site.origin, canonicalPath);
  return [
    { title: pageTitle(title) },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: site.siteName },
    { property: "og:title", content: heading },
    { property: "og:description", content: description },
    { property: "og:url", content: url },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: heading },
    { name: "twitter:description", content: description },
    ...shareImageTags(site, pageShareCardPath(page), `${heading} · ${site.siteName}`),
  ];
}
