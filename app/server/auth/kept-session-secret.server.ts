import { randomBytes } from "node:crypto";
import { chmodSync, linkSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ConfigurationError, type Env } from "../env.server";
import type { Logger } from "../logger.server";

/** The file in DATA_DIR that keeps the generated secret (docs/deploy.md, decision 043). */
export const SESSION_SECRET_FILE = "session-secret";

const OWNER_ONLY = 0o600;
const MIN_LENGTH = 32;

/**
 * The secret read from `file`, created first if there is none. A new one is written whole to a
 * file of this process's own, then linked into place, which fails if the file exists: two
 * processes starting together on one DATA_DIR both read the one linked first, never half of it.
 */
function readOrCreate(file: string): string {
  const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
  try {
    writeFileSync(draft, `${randomBytes(32).toString("base64url")}\n`, { flag: "wx", mode: OWNER_ONLY });
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    rmSync(draft, { force: true });
  }
  return readFileSync(file, "utf8").trim();
}

/**
 * The environment with a session secret that outlives restarts. SESSION_SECRET, when set, is used
 * as given. Without it, readEnv's per-process secret would make every rider's link sealed before a
 * restart unopenable (link-seal.server.ts), so the server keeps one in DATA_DIR, readable by its
 * owner only. That is for one instance on one DATA_DIR: instances sharing a database must share
 * SESSION_SECRET, and are warned.
 */
export function keepSessionSecret(env: Env, logger: Logger): Env {
  if (!env.sessionSecretIsEphemeral) return env;
  mkdirSync(env.dataDir, { recursive: true });
  const file = path.join(env.dataDir, SESSION_SECRET_FILE);
  const secret = readOrCreate(file);
  if (secret.length < MIN_LENGTH)
    throw new ConfigurationError(
      `Invalid configuration:\n  SESSION_SECRET: ${file} holds no secret of ${MIN_LENGTH} characters; delete it (a new one is made) or set SESSION_SECRET`,
    );
  if ((statSync(file).mode & 0o777) !== OWNER_ONLY) {
    chmodSync(file, OWNER_ONLY);
    logger.warn({ file }, "the session secret's file could be read by others: its mode is 0600 again");
  }
  if (env.databaseUrl)
    logger.warn(
      { file },
      "SESSION_SECRET is not set: this instance uses the secret kept in its DATA_DIR; every instance sharing the database must be given the same SESSION_SECRET",
    );
  else logger.info({ file }, "SESSION_SECRET is not set: the secret kept in DATA_DIR is used");
  return { ...env, sessionSecret: secret, sessionSecretIsEphemeral: false };
}
