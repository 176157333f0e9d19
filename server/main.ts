// The process: picks development or production, listens, and shuts down cleanly.
// Runs directly on Node 24 (type stripping), so of ours it imports only the built server and
// the self-contained connection drain beside this file.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { Boot, Server } from "./app.ts";
import { trackConnections } from "./drain.ts";

const dev = process.argv.includes("--dev");
const RETRY_MAX_MS = 10_000;

async function prepare(): Promise<Boot> {
  if (!dev) {
    const bundle = pathToFileURL(path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js")).href;
    const { prepareServer } = (await import(bundle).catch((error: unknown) => {
      throw new Error(
        `Cannot load the production build at ${bundle} (run \`npm run build\` first): ${(error as Error).message}`,
      );
    })) as typeof import("./app.ts");
    return prepareServer();
  }
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  const { prepareServer } = (await vite.ssrLoadModule("./server/app.ts")) as typeof import("./app.ts");
  return prepareServer({ vite });
}

let boot: Boot;
try {
  boot = await prepare();
} catch (error) {
  // Bad configuration: say what is wrong, in words, and stop (no stack trace to dig through).
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

const { env, logger } = boot;
let running: Server | undefined;
let stopping = false;
// Until the database is reachable the interim app answers: alive, not ready, 503 pages.
const http = createServer((req, res) => void (running ? running.app(req, res) : boot.starting(req, res)));
const connections = trackConnections(http);

http.on("error", (error) => {
  logger.fatal({ err: error }, "cannot listen");
  process.exit(1);
});
http.listen(env.port, env.host, () => {
  const { port } = http.address() as AddressInfo;
  logger.info(
    { port, host: env.host },
    `Roadbook listening on http://${env.host === "0.0.0.0" ? "localhost" : env.host}:${port}`,
  );
});

/** Start-up waits for the database with growing pauses; any other failure stops the process. */
async function start(): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    if (stopping) return;
    try {
      running = await boot.start();
      logger.info("ready");
      return;
    } catch (error) {
      if (!boot.isTransient(error)) {
        logger.fatal({ err: error }, "start-up failed");
        process.exit(1);
      }
      const delay = Math.min(RETRY_MAX_MS, 500 * 2 ** (attempt - 1));
      logger.error({ err: error, attempt, retryInMs: delay }, "database unreachable at start-up; retrying");
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}

async function shutdown(signal: string): Promise<void> {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, "shutting down: finishing in-flight requests");
  running?.stopAccepting();
  if (!(await connections.drain(env.shutdownGraceMs))) {
    logger.warn(
      { graceMs: env.shutdownGraceMs },
      "in-flight requests did not finish in time; their connections were closed",
    );
  }
  await running?.close();
  logger.info("shut down");
  process.exit(0);
}

// A bug that escapes every handler leaves the process in an unknown state: log it where the
// other lines go, then stop, and let the supervisor start a clean one.
for (const event of ["uncaughtException", "unhandledRejection"] as const) {
  process.on(event, (error: unknown) => {
    logger.fatal({ err: error, event }, "crashed");
    process.exit(1);
  });
}
process.once("SIGTERM", () => void shutdown("SIGTERM"));
process.once("SIGINT", () => void shutdown("SIGINT"));

await start();
