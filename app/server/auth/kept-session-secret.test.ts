import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ConfigurationError, readEnv } from "~/server/env.server";
import { createLogger } from "~/server/logger.server";
import { keepSessionSecret, SESSION_SECRET_FILE } from "./kept-session-secret.server";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));
function dataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), "roadbook-secret-"));
  dirs.push(dir);
  return path.join(dir, "data");
}
function capture() {
  const lines: Record<string, unknown>[] = [];
  const logger = createLogger("info", false, { write: (line: string) => void lines.push(JSON.parse(line)) });
  return { logger, lines };
}

// Without SESSION_SECRET, the secret that seals riders' links must outlive a restart (decision 043).
describe("the session secret kept in DATA_DIR when SESSION_SECRET is unset", () => {
  it("is generated on first start, only the owner may read it, and the next start reads the same", () => {
    const DATA_DIR = dataDir();
    const { logger } = capture();
    const first = keepSessionSecret(readEnv({ DATA_DIR }), logger);
    const file = path.join(DATA_DIR, SESSION_SECRET_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.sessionSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, "utf8").trim()).toBe(first.sessionSecret);
    expect(readdirSync(DATA_DIR)).toEqual([SESSION_SECRET_FILE]); // no draft left beside it
    const restarted = keepSessionSecret(readEnv({ DATA_DIR }), logger);
    expect(restarted.sessionSecret).toBe(first.sessionSecret);
    expect(restarted.sessionSecretIsEphemeral).toBe(false);
  });

  it("is neither read nor written when SESSION_SECRET is set", () => {
    const DATA_DIR = dataDir();
    const env = keepSessionSecret(readEnv({ DATA_DIR, SESSION_SECRET: "s".repeat(40) }), capture().logger);
    expect(env.sessionSecret).toBe("s".repeat(40));
    expect(() => statSync(path.join(DATA_DIR, SESSION_SECRET_FILE))).toThrow("ENOENT");
  });

  it("a file others may read is made the owner's again, and said; a damaged one stops the start", () => {
    const DATA_DIR = dataDir();
    const { logger, lines } = capture();
    const env = keepSessionSecret(readEnv({ DATA_DIR }), logger);
    const file = path.join(DATA_DIR, SESSION_SECRET_FILE);
    chmodSync(file, 0o644);
    expect(keepSessionSecret(readEnv({ DATA_DIR }), logger).sessionSecret).toBe(env.sessionSecret);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(lines.some((line) => line.level === 40 && String(line.msg).includes("0600"))).toBe(true);
    expect(JSON.stringify(lines)).not.toContain(env.sessionSecret);
    writeFileSync(file, "short\n");
    expect(() => keepSessionSecret(readEnv({ DATA_DIR }), logger)).toThrow(ConfigurationError);
  });

  it("warns that instances sharing a PostgreSQL database must share SESSION_SECRET", () => {
    const { logger, lines } = capture();
    keepSessionSecret(readEnv({ DATA_DIR: dataDir(), DATABASE_URL: "postgres://db.example/roadbook" }), logger);
    expect(lines.some((line) => line.level === 40 && String(line.msg).includes("SESSION_SECRET"))).toBe(true);
  });
});
