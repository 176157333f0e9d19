import path from "node:path";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { type Plugin, defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";
import { VitePWA } from "vite-plugin-pwa";
import { islandsScript } from "./scripts/vite/islands-script.ts";
import { rideDayWorker } from "./scripts/vite/ride-day-worker.ts";
import { webManifest } from "./scripts/vite/web-manifest.ts";

const RUNTIME = new RegExp(
  [
    String.raw`[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/](?!server|cjs[\\/]react-dom-server)`,
    String.raw`[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/](createLucideIcon|Icon|defaultAttributes|context|shared[\\/])`,
    String.raw`[\\/]app[\\/]islands[\\/]island-root`,
    // The navigation and its small modules: every public page hydrates it, so its own request cost a visitor more
    // (about 0.6 KiB with headers) than its 0.5 KiB costs the admin application, which shares this file.
    String.raw`[\\/]node_modules[\\/]lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](menu|x)\.`,
    String.raw`[\\/]app[\\/]domain[\\/](site|navigation|constants)\.`,
    // link-then-button: the navigation's menu and every link an island upgrades (decision 017, 2026-12-03).
    String.raw`[\\/]app[\\/]components[\\/](style-nonce|document-info|link-then-button|site-nav)`,
    String.raw`vite[\\/]preload-helper`,
  ].join("|"),
);

const BUILD_REVISION = Date.now().toString(36);

export default defineConfig({
  // The SSR build bundles the Express app (server/app.ts) together with the route modules,
  // so production runs one file and never needs Vite. React Router reads the server entry
  // from the ssr environment's options, not from the top-level build options.
  environments: {
    ssr: { build: { rollupOptions: { input: "./server/app.ts" } } },
    // What every page's script needs, in one file shared by the admin application and the
    // islands of the public pages: React and React DOM, the icon library's core, the islands
    // runtime, the navigation's small modules and the bundler's own helper. On a visitor's first page that is one request in
    // place of nine small ones, each with its headers (decision 017).
    client: {
      build: { rollupOptions: { output: { codeSplitting: { groups: [{ name: "runtime", test: RUNTIME }] } } } },
    },
  },
  // Kept in build/client/.vite: the islands spec reads which files a public page may load.
  build: { manifest: true },
  resolve: { tsconfigPaths: true },
  plugins: [
    tailwindcss(),
    reactRouter(),
    islandsScript(),
    // The captains' ride-day worker, scoped to /admin/ride-day/ (docs/features/ride-day.md).
    rideDayWorker(),
    // Every script, stylesheet and SVG also as .br (quality 11) and .gz (level 9), made once at
    // build time and served as they are (server/app.ts); pages are compressed as they are sent.
    compression({ include: /\.(js|css|svg)$/, logLevel: "silent" }),
    // The manifest and the service worker (app/sw/sw.ts) of the public pages (decision 023).
    ...VitePWA({
      // The client build's folder: React Router gives each environment its own.
      outDir: path.join(process.env.BUILD_DIR ?? "build", "client"),
      strategies: "injectManifest",
      srcDir: "app/sw",
      filename: "sw.ts",
      injectRegister: false,
      manifest: webManifest,
      includeManifestIcons: false,
      injectManifest: {
        rollupFormat: "iife",
        globPatterns: ["assets/*.{css,svg}"],
        // The pages that open offline; a new build gives them a new revision.
        additionalManifestEntries: ["/offline", "/saved"].map((url) => ({ url, revision: BUILD_REVISION })),
      },
    }).map((plugin): Plugin =>
      Object.assign(plugin, { applyToEnvironment: (environment: { name: string }) => environment.name === "client" }),
    ),
  ],
});
