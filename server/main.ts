// The process: picks development or production, listens, and shuts down cleanly.
// Runs directly on Node 24 (type stripping), so it imports nothing of ours but the built server.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Server } from "./app.ts";

const dev = process.argv.includes("--dev");

async function load(): Promise<Server> {
  if (!dev) {
    const bundle = pathToFileURL(path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js")).href;
    const { createServer } = (await import(bundle)) as typeof import("./app.ts");
    return createServer();
  }
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  const { createServer } = (await vite.ssrLoadModule("./server/app.ts")) as typeof import("./app.ts");
  return createServer({ vite });
}

try {
  const { app, services } = await load();
  const { port, host } = services.env;
  const server = app.listen(port, host, () => {
    services.logger.info(`Roadbook listening on http://${host === "0.0.0.0" ? "localhost" : host}:${port}`);
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    services.logger.info({ signal }, "shutting down");
    server.close(() => void services.close().then(() => process.exit(0)));
    server.closeIdleConnections();
    // In-flight requests get a bounded time to finish.
    setTimeout(() => process.exit(1), 10_000).unref();
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
