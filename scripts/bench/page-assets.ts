// What a page makes the browser download before it is interactive, read from the
// server-rendered HTML and React Router's client manifest. Pure: no I/O.

/** Every same-origin JavaScript file the HTML references (modulepreload links and module script imports), in order, once. */
export function scriptUrls(html: string): string[] {
  const urls = [...html.matchAll(/["'(](\/[^"'()\s]+\.m?js)["')]/g)].map((match) => match[1]!);
  return [...new Set(urls)];
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
