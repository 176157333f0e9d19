import { describe, expect, it } from "vitest";
import { clientManifestUrl, parseClientManifest, routeModuleChunks, scriptUrls } from "./page-assets";

describe("scriptUrls", () => {
  const html = `<link rel="modulepreload" href="/assets/entry.client-2.js" nonce="n"/><link nonce="n" href="/assets/react-1.js" rel="modulepreload"/>
    <link rel="stylesheet" href="/assets/root-3.css"/><img src="/images/demo/a.webp"/>
    <script type="application/ld+json">{"url":"https://example.com/x.js"}</script>
    <script nonce="n" type="module" async="">;
import * as route0 from "/assets/root-4.js";
import "/assets/side-effect-5.js";
  window.__reactRouterManifest = { "routes": { "home": { "module": "/assets/upcoming-6.js", "imports": ["/assets/card-7.js"] } },
  "url": "/assets/manifest-8.js" };
import("/assets/entry.client-2.js");</script>`;

  it("finds the modulepreload links and the module script's imports, each once", () => {
    expect(scriptUrls(html)).toEqual([
      "/assets/entry.client-2.js",
      "/assets/react-1.js",
      "/assets/root-4.js",
      "/assets/side-effect-5.js",
    ]);
  });

  it("leaves out the modules the inline manifest lists for later navigations", () => {
    expect(scriptUrls(html)).not.toContain("/assets/upcoming-6.js");
    expect(scriptUrls(html)).not.toContain("/assets/manifest-8.js");
  });

  it("finds the full client manifest's URL", () => {
    expect(clientManifestUrl(html)).toBe("/assets/manifest-8.js");
    expect(clientManifestUrl("<html></html>")).toBeNull();
  });
});

describe("client manifest", () => {
  const source = `window.__reactRouterManifest={"entry":{"module":"/assets/entry.js"},"routes":{
    "root":{"id":"root","module":"/assets/root.js"},
    "routes/admin/layout":{"id":"routes/admin/layout","module":"/assets/layout-a.js"},
    "routes/admin/rides":{"id":"routes/admin/rides","module":"/assets/rides.js"},
    "routes/public/layout":{"id":"routes/public/layout","module":"/assets/layout-p.js"}}};`;

  it("maps the chunks of the route modules under a prefix to their route ids", () => {
    const chunks = routeModuleChunks(parseClientManifest(source), "routes/admin/");
    expect([...chunks]).toEqual([
      ["/assets/layout-a.js", "routes/admin/layout"],
      ["/assets/rides.js", "routes/admin/rides"],
    ]);
  });

  it("refuses a file that is not a manifest", () => {
    expect(() => parseClientManifest("console.log(1)")).toThrow(/not a React Router client manifest/);
  });
});
