import { describe, expect, it } from "vitest";
import { parseClientManifest, routeModuleChunks, scriptUrls } from "./page-assets";

describe("scriptUrls", () => {
  it("finds modulepreload links and module imports, each once, and nothing else", () => {
    const html = `<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>
      <link rel="stylesheet" href="/assets/root-3.css"/><img src="/images/demo/a.webp"/>
      <script type="module" async nonce="n">import "/assets/manifest-1.js"; import * as route0 from "/assets/root-4.js";
      import("/assets/entry.client-2.js");</script>`;
    expect(scriptUrls(html)).toEqual(["/assets/manifest-1.js", "/assets/entry.client-2.js", "/assets/root-4.js"]);
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
