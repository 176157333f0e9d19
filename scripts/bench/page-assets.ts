// What a page makes the browser download before it is interactive, read from the
// server-rendered HTML and React Router's client manifest. Pure: no I/O.

/**
 * The JavaScript files the browser loads for a server-rendered page: the modulepreload links
 * and what the module scripts import, statically or with import(), in order, once. The route
 * modules React Router lists in the page's inline manifest for later navigations are not
 * loaded up front, so they do not count.
 */
export function scriptUrls(html: string): string[] {
  const urls: string[] = [];
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const href = /\bhref="([^"]+)"/.exec(tag)?.[1];
    if (/\brel="modulepreload"/.test(tag) && href) urls.push(href);
  }
  for (const [, body] of html.matchAll(/<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    for (const [, url] of body!.matchAll(/\bimport\s*(?:[\w*{}\s,]+\s*from\s*)?\(?\s*"([^"]+)"/g)) urls.push(url!);
  }
  return [...new Set(urls)];
}

/** The URL of React Router's full client manifest, named in the page's inline manifest. */
export function clientManifestUrl(html: string): string | null {
  return /"url":\s*"([^"]*\/manifest-[^"]+\.js)"/.exec(html)?.[1] ?? null;
}

type ManifestRoute = { id: string; module: string; imports?: string[] };
type Manifest = { routes: Record<string, ManifestRoute>; url?: string };

/** The JSON of React Router's client manifest file (`window.__reactRouterManifest={…};`). */
export function parseClientManifest(source: string): Manifest {
  const start = source.indexOf("{");
  const end = source.lastIndexOf("}");
  if (start < 0 || end < start) throw new Error("not a React Router client manifest");
  return JSON.parse(source.slice(start, end + 1)) as Manifest;
}

/** The chunk of each route module whose id starts with `prefix`, e.g. 'routes/admin/'. */
export function routeModuleChunks(manifest: Manifest, prefix: string): Map<string, string> {
  const chunks = new Map<string, string>();
  for (const route of Object.values(manifest.routes)) {
    if (route.id.startsWith(prefix)) chunks.set(route.module, route.id);
  }
  return chunks;
}

export function formatKb(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KB`;
}
