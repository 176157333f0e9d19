import path from "node:path";
import compression from "compression";
import express from "express";
import { RouterContextProvider, type ServerBuild, createRequestHandler } from "react-router";
import type { ViteDevServer } from "vite";
import { requestContext, servicesContext } from "~/context";
import { loggablePath } from "~/domain/loggable-paths";
import { onContentChanged } from "~/server/content-events.server";
import { isDatabaseUnavailableError, trackDatabaseFailures } from "~/server/db/failures.server";
import { watchSqliteWrites } from "~/server/db/sqlite-writes.server";
import { keepSessionSecret } from "~/server/auth/kept-session-secret.server";
import { type Env, readEnv } from "~/server/env.server";
import { cachedFrameSources } from "~/server/frame-sources.server";
import { watchPublicationSchedule } from "~/server/publication-schedule.server";
import { type Logger, createLogger } from "~/server/logger.server";
import { type RunningServices, startServices } from "~/server/services.server";
import { builtAssets } from "./built-assets";
import { fetchRequestOf, sendFetchResponse } from "./fetch-bridge";
import { databaseReadiness, healthChecks } from "./health";
import { type Rendered, pageCaching } from "./http-cache/page-caching";
import { PREVIEW_HEADERS, isPreviewRequest } from "./http-cache/policy";
import { PageCache } from "./http-cache/page-store";
import { requestIdOf, requestLogging } from "./request-logging";
import { guardRequestTarget } from "./request-target";
import { settleUnreadBodies } from "./unread-bodies";
import { identifyRequests, requestInfoOf, responseTokensOf, security } from "./security";
import { sendUnavailable, withOutageStatus } from "./unavailable";

export type Server = {
  app: express.Express;
  services: RunningServices;
  /** Shutting down (server/drain.ts closes the connections): readiness fails from now on. */
  stopAccepting(): void;
  close(): Promise<void>;
};

/** What server/main.ts needs before the database is reachable, and how to get the rest. */
export type Boot = {
  env: Env;
  logger: Logger;
  /** Answers while start() has not succeeded yet: alive, not ready, pages 503. */
  starting: express.Express;
  /** Opens the database (migrating it) and builds the full application. */
  start(): Promise<Server>;
  /** A start() failure worth retrying (the database is not reachable yet) rather than fatal. */
  isTransient(error: unknown): boolean;
};

/** Reads the configuration (throwing ConfigurationError when it is wrong) and prepares the start. */
export function prepareServer({ vite }: { vite?: ViteDevServer } = {}): Boot {
  const read = readEnv();
  const logger = createLogger(read.logLevel, read.nodeEnv === "development");
  // Without SESSION_SECRET, one kept in DATA_DIR, so riders' sealed links outlive a restart.
  const env = keepSessionSecret(read, logger);
  return {
    env,
    logger,
    starting: startingApp(env, logger),
    start: () => createServer(env, logger, vite),
    isTransient: isDatabaseUnavailableError,
  };
}

/**
 * What every request meets first, in the app that answers while the database is awaited and in
 * the full one alike: its body settled, an id, a log line, and a refusal of a malformed target.
 */
function expressWithFront(env: Env, logger: Logger): express.Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.trustProxy);
  app.use(settleUnreadBodies());
  app.use(identifyRequests(env));
  app.use(requestLogging(logger));
  app.use(guardRequestTarget(env));
  return app;
}

function startingApp(env: Env, logger: Logger): express.Express {
  const app = expressWithFront(env, logger);
  app.use(healthChecks(async () => "starting: waiting for the database"));
  app.use((_req, res) => sendUnavailable(res, requestIdOf(res) ?? "none"));
  return app;
}

/**
 * The HTTP shell around React Router. The same code runs in development (Vite serves the
 * assets and reloads route modules) and in production (the bundled build).
 */
async function createServer(env: Env, logger: Logger, vite: ViteDevServer | undefined): Promise<Server> {
  const services = await startServices(env, logger);
  let stopping = false;

  // Development loads the build anew for each request, so edited route modules are picked up.
  // Production hands React Router the build itself: given a function, it would rebuild its
  // route table on every request (about 0.5 ms of a 10 ms render).
  const build = vite
    ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : await import("virtual:react-router/server-build");
  const handleRequest = createRequestHandler(build, env.nodeEnv);

  const loadContext = (res: express.Response) => {
    const context = new RouterContextProvider();
    context.set(servicesContext, services);
    context.set(requestContext, requestInfoOf(res));
    return context;
  };
  const render = async (req: express.Request, res: express.Response, method = req.method): Promise<Rendered> => {
    const { result, failures } = trackDatabaseFailures(() =>
      handleRequest(fetchRequestOf(req, res, method), loadContext(res)),
    );
    return { response: await result, failures };
  };
  const send = (_req: express.Request, res: express.Response, { response, failures }: Rendered) =>
    sendFetchResponse(res, withOutageStatus(response, failures));
  const respond = async (req: express.Request, res: express.Response, next: express.NextFunction) => {
    try {
      await send(req, res, await render(req, res));
    } catch (error) {
      next(error);
    }
  };

  const cache = new PageCache();
  const stopInvalidating = onContentChanged(() => cache.invalidate());
  // On SQLite other processes (the content CLIs, a sqlite3 shell) may write the file too, and
  // raise no event here: the cache looks at the file's version before each lookup. Where
  // services.server.ts keeps it.
  const sqliteWrites = env.databaseUrl ? undefined : watchSqliteWrites(env.sqlitePath);
  // A scheduled publication changes what pages show at its minute without any write (decision 025).
  const schedule = watchPublicationSchedule(services.db, logger);
  // Development renders every request: route modules change under the cache's feet.
  const pages = vite
    ? undefined
    : pageCaching(cache, {
        render,
        send,
        tokensOf: responseTokensOf,
        // While deaf to other instances' changes, this one cannot know when a page goes stale.
        enabled: () => services.contentBridge?.isListening() ?? true,
        changedElsewhere: () => {
          const written = sqliteWrites?.changedSinceLastLook() ?? false;
          return schedule.due() || written;
        },
        logger,
      });

  const app = expressWithFront(env, logger);
  // The build's hashed files (scripts, styles, images): served before the page headers, which
  // only documents need (a script's response carries no policy of its own), as the .br or .gz
  // file the build made when the browser accepts it. A changed file gets a new URL, so these
  // can be cached forever.
  if (!vite) app.use("/assets", builtAssets(new URL("../client/assets", import.meta.url).pathname));
  app.use(security(env, cachedFrameSources(services.db, logger)));
  app.use(healthChecks(async () => (stopping ? "shutting down" : databaseReadiness(services.db))));
  app.use((req, res, next) => {
    if (isPreviewRequest(req)) res.set(PREVIEW_HEADERS);
    next();
  });
  // A page in the cache goes out before anything else costs time (it compresses itself).
  if (pages) app.use(pages.hits);
  app.use(compression());

  if (vite) {
    app.use(vite.middlewares);
  } else {
    const client = new URL("../client", import.meta.url).pathname;
    // Only paths that name a file (an extension) go looking on the disk: pages skip the system call.
    // A path that only reaches a folder (`/x/..%2fadmin`, a dot in it) goes on to the pages: the
    // folders are not pages, and their permanent redirect to a slash was kept by caches (npm run fuzz).
    const files = express.static(client, { maxAge: "1h", redirect: false });
    app.use((req, res, next) => (path.extname(req.path) ? files(req, res, next) : next()));
  }

  if (pages) app.use((req, res, next) => void pages.renders(req, res, next));
  app.use((req, res, next) => void respond(req, res, next));

  app.use((error: unknown, req: express.Request, res: express.Response, next: express.NextFunction) => {
    logger.error({ err: error, method: req.method, path: loggablePath(req.originalUrl) }, "request failed");
    if (res.headersSent) return next(error);
    if (isDatabaseUnavailableError(error)) return sendUnavailable(res, requestIdOf(res) ?? "none");
    res
      .status(500)
      .type("text/plain")
      .send(`Something went wrong. Reference: ${requestIdOf(res) ?? "none"}`);
  });

  return {
    app,
    services,
    stopAccepting: () => {
      stopping = true;
    },
    close: async () => {
      stopInvalidating();
      schedule.close();
      sqliteWrites?.close();
      await services.close();
    },
  };
}
