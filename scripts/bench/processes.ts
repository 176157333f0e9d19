// Child processes for the benchmark scripts (bench:http, bench:web) and the fuzzer.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { freePort } from "../../tests/support/ports.ts";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** Runs a command to completion with the terminal attached; rejects on a non-zero exit. */
export function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: "inherit", env: { ...process.env, ...env } });
    child.on("error", reject);
    child.on("exit", (code) =>
      code === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} exited with ${code}`)),
    );
  });
}

/** SIGTERM, and SIGKILL if the process has not exited 10 s later. */
export function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => child.kill("SIGKILL"), 10_000);
    child.once("exit", () => {
      clearTimeout(force);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Builds the production bundle into `buildDir`, unless it is there already and `rebuild` is not asked for. */
export async function ensureBuild(buildDir: string, { rebuild = false } = {}): Promise<void> {
  if (!rebuild && existsSync(path.resolve(ROOT, buildDir, "server/index.js"))) return;
  console.log(`Building into ${buildDir} ...`);
  await run(path.join(ROOT, "node_modules/.bin/react-router"), ["build"], { BUILD_DIR: buildDir });
}

export type ProductionServer = {
  baseUrl: string;
  stop(): Promise<void>;
  /** Everything the server wrote to stdout and stderr so far, when asked to keep it. */
  output(): string;
};

/**
 * The production server (`node server/main.ts` on `buildDir`) on a free 127.0.0.1 port with the
 * SQLite database and uploads of `dataDir`, once its readiness probe answers. `env` adds to
 * (or overrides) the variables a benchmark wants: SEED_DEMO, LOG_LEVEL. With `keepOutput` the
 * server's stdout (its log) and stderr are kept for output() rather than dropped or shown.
 */
export async function startProductionServer(
  buildDir: string,
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
  { keepOutput = false } = {},
): Promise<ProductionServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["server/main.ts"], {
    cwd: ROOT,
    stdio: keepOutput ? ["ignore", "pipe", "pipe"] : ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      BUILD_DIR: buildDir,
      HOST: "127.0.0.1",
      PORT: String(port),
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      DATABASE_URL: "",
      S3_BUCKET: "",
      ...env,
    },
  });
  const chunks: Buffer[] = [];
  server.stdout?.on("data", (chunk: Buffer) => chunks.push(chunk));
  server.stderr?.on("data", (chunk: Buffer) => chunks.push(chunk));
  const output = () => Buffer.concat(chunks).toString("utf8");
  const stop = () => stopProcess(server);
  for (const deadline = Date.now() + 60_000; Date.now() < deadline;) {
    if (server.exitCode !== null)
      throw new Error(
        `the server exited with code ${server.exitCode}${keepOutput ? `:\n${output().slice(-2000)}` : ""}`,
      );
    const ready = await fetch(`${baseUrl}/readyz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { baseUrl, stop, output };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error("the server did not answer within 60 seconds");
}
