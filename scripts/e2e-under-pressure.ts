// `npm run test:e2e:pressure`: the end-to-end stage with every core of the machine kept busy by a
// spinning process, as a newcomer's machine is while the suite runs beside other work. Proves
// that no spec waits on a quiet machine (docs/features/test-suite.md#waits). Needs the production
// build (`npm run build`); extra arguments go to `playwright test`.
// Runs on plain Node 24 (type stripping): erasable TypeScript only, no imports of our own code.
import { spawn } from "node:child_process";
import { availableParallelism } from "node:os";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const BIN = path.join(ROOT, "node_modules", ".bin");
const started = Date.now();

const spinners = Array.from({ length: availableParallelism() }, () =>
  spawn(process.execPath, ["-e", "for (;;);"], { stdio: "ignore" }),
);
console.log(`${spinners.length} spinning processes, one per core; then playwright test`);

const playwright = spawn(path.join(BIN, "playwright"), ["test", ...process.argv.slice(2)], {
  cwd: ROOT,
  stdio: "inherit",
  env: { ...process.env, PATH: `${BIN}${path.delimiter}${process.env.PATH ?? ""}` },
});
const stopAll = (signal: NodeJS.Signals) => {
  playwright.kill(signal);
  for (const spinner of spinners) spinner.kill("SIGKILL");
};
process.on("SIGINT", () => stopAll("SIGINT"));
process.on("SIGTERM", () => stopAll("SIGTERM"));

playwright.on("exit", (code, signal) => {
  for (const spinner of spinners) spinner.kill("SIGKILL");
  const seconds = Math.round((Date.now() - started) / 1000);
  console.log(
    `Under pressure: playwright test exited with ${signal ?? `code ${code}`} in ${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, "0")} s`,
  );
  process.exit(code ?? 1);
});
