import path from "node:path";
import { type Plugin, build } from "vite";

// The ride-day service worker (app/features/ride-day/sw/ride-day.ts) at /admin/ride-day/sw.js: a file in the
// client build's admin/ride-day folder, so its scope is that folder only (a worker's scope is at
// most its script's folder). Bundled on its own into one classic script, apart from the public
// site's worker that vite-plugin-pwa builds (decision 023).

const SOURCE = "app/features/ride-day/sw/ride-day.ts";
const FILE = "admin/ride-day/sw.js";

async function workerCode(root: string): Promise<string> {
  const result = await build({
    configFile: false,
    root,
    logLevel: "silent",
    resolve: { tsconfigPaths: true },
    build: {
      write: false,
      lib: { entry: path.resolve(root, SOURCE), formats: ["iife"], name: "rideDayWorker", fileName: () => "sw.js" },
    },
  });
  const [output] = Array.isArray(result) ? result : [result];
  const chunk = output && "output" in output ? output.output[0] : undefined;
  if (!chunk) throw new Error(`ride-day-worker: ${SOURCE} built nothing`);
  return chunk.code;
}

export function rideDayWorker(): Plugin {
  let root = process.cwd();
  return {
    name: "roadbook:ride-day-worker",
    configResolved(config) {
      root = config.root;
    },
    // Development: the same file, built on each request.
    configureServer(server) {
      server.middlewares.use(`/${FILE}`, async (_request, response, next) => {
        try {
          const code = await workerCode(root);
          response.setHeader("Content-Type", "text/javascript; charset=utf-8");
          response.end(code);
        } catch (error) {
          next(error);
        }
      });
    },
    async generateBundle() {
      if (this.environment.name !== "client") return;
      this.emitFile({ type: "asset", fileName: FILE, source: await workerCode(root) });
    },
  };
}
