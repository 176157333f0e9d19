import { createContext } from "react-router";
import type { Database } from "./server/db/schema.server";
import type { Env } from "./server/env.server";
import type { Logger } from "./server/logger.server";
import type { ObjectStorage } from "./server/storage/storage.server";

/** What every loader and action can reach: chosen once at start-up (server/app.ts). */
export type AppServices = {
  db: Database;
  env: Env;
  logger: Logger;
  /** Uploaded files: the local disk or an S3 bucket. */
  storage: ObjectStorage;
};

export const servicesContext = createContext<AppServices>();
