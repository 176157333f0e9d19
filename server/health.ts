import express from "express";
import { pendingMigrations } from "~/server/db/migrate.server";
import type { Database } from "~/server/db/schema.server";

/** Longer than the pool's connection time-out, shorter than a load balancer's probe time-out. */
const READINESS_TIMEOUT_MS = 3_000;

/** Why this instance should not get traffic now, or null when it is ready. */
export type ReadinessCheck = () => Promise<string | null>;

/** Ready when the database answers and has every migration this code expects. */
export async function databaseReadiness(db: Database): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve("database did not answer in time"), READINESS_TIMEOUT_MS);
  });
  const check = pendingMigrations(db).then(
    (pending) => (pending.length > 0 ? `database migrations pending: ${pending.join(", ")}` : null),
    () => "database unreachable",
  );
  try {
    return await Promise.race([check, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * /healthz: the process is alive and serving (restart it when this fails).
 * /readyz: send it traffic (take it out of the load balancer while this fails: starting,
 * shutting down, database unreachable or not migrated).
 */
export function healthChecks(readiness: ReadinessCheck): express.Router {
  const router = express.Router();
  router.get("/healthz", (_req, res) => {
    res.setHeader("Cache-Control", "no-store");
    res.type("text/plain").send("ok");
  });
  const ready = async (res: express.Response) => {
    const problem = await readiness().catch(() => "readiness check failed");
    res.setHeader("Cache-Control", "no-store");
    res
      .status(problem ? 503 : 200)
      .type("text/plain")
      .send(problem ?? "ok");
  };
  router.get("/readyz", (_req, res) => void ready(res));
  return router;
}
