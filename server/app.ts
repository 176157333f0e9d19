import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { requestContext, servicesContext } from "~/context";
import { readEnv } from "~/server/env.server";
import { cachedFrameSources } from "~/server/frame-sources.server";
import { createLogger } from "~/server/logger.server";
import { type RunningServices, startServices } from "~/server/services.server";
import { requestInfoOf, security } from "./security";

export type Server = { app: express.Express; services: RunningServices };

/**
 * The HTTP shell around React Router. The same code runs in development (Vite serves the
 * assets and reloads route modules) and in production (the bundled build).
 */
export async function createServer({ vite }: { vite?: ViteDevServer } = {}): Promise<Server> {
  const env = readEnv();
  const logger = createLogger(env.logLevel, env.nodeEnv === "development");
  const services = await startServices(env, logger);

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", env.trustProxy);
  app.use(security(env, cachedFrameSources(services.db, logger)));
  app.use(compression());

  if (vite) {
    app.use(vite.middlewares);
  } else {
    const client = new URL("../client", import.meta.url).pathname;
    // Hashed file names: a changed asset gets a new URL, so these can be cached forever.
    app.use("/assets", express.static(`${client}/assets`, { immutable: true, maxAge: "1y" }));
    app.use(express.static(client, { maxAge: "1h" }));
  }

  const build = vite
    ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : () => import("virtual:react-router/server-build");

  app.use(
    createRequestHandler({
      build,
      mode: env.nodeEnv,
      getLoadContext: (_req, res) => {
        const context = new RouterContextProvider();
        context.set(servicesContext, services);
        context.set(requestContext, requestInfoOf(res));
        return context;
      },
    }),
  );

  return { app, services };
}
