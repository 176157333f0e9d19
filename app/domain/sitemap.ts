// sitemaps.org protocol 0.9: one <url> per page, absolute <loc>, optional W3C <lastmod>.

export type SitemapEntry = { loc: string; lastmod?: string };

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);
}

export function buildSitemap(entries: SitemapEntry[]): string {
  const urls = entries.map(({ loc, lastmod }) => {
    const lastmodTag = lastmod ? `<lastmod>${escapeXml(lastmod)}</lastmod>` : "";
    return `  <url><loc>${escapeXml(loc)}</loc>${lastmodTag}</url>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls,
    "</urlset>",
    "",
  ].join("\n");
}

/** robots.txt: everything is public except the admin portal. */
export function buildRobotsTxt(sitemapUrl: string): string {
  return ["User-agent: *", "Allow: /", "Disallow: /admin", "", `Sitemap: ${sitemapUrl}`, ""].join("\n");
}
