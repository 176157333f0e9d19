import { spawn } from "node:child_process";
import path from "node:path";
import { expect, test } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Runs `script` in a child process (tsx, for the ~/ paths) and collects what it printed. */
function runChild(script: string): Promise<{ stdout: string; signal: NodeJS.Signals | null }> {
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    cwd: ROOT,
    env: { PATH: process.env.PATH },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let stdout = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
  return new Promise((resolve) => child.once("close", (_code, signal) => resolve({ stdout, signal })));
}

test("production lines are on stdout as soon as they are logged: a process killed right after loses none", async () => {
  const { stdout, signal } = await runChild(`
    import { createLogger } from "~/server/logger.server";
    const logger = createLogger("info", false);
    for (let index = 0; index < 200; index += 1) logger.info({ index }, "line");
    logger.error("the last words");
    process.kill(process.pid, "SIGKILL");
  `);
  expect(signal).toBe("SIGKILL");
  const lines = stdout
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as { msg: string; index?: number });
  expect(lines).toHaveLength(201);
  expect(lines.slice(0, 200).map((line) => line.index)).toEqual(Array.from({ length: 200 }, (_, index) => index));
  expect(lines.at(-1)?.msg).toBe("the last words");
});

test("secrets never reach a production line", async () => {
  const { stdout } = await runChild(`
    import { createLogger } from "~/server/logger.server";
    createLogger("info", false).info({ password: "hunter2", user: { token: "t0ken" }, rideId: "r-1" }, "sign-in");
  `);
  expect(stdout).toContain('"rideId":"r-1"');
  expect(stdout).not.toMatch(/hunter2|t0ken/);
});

test("a rider's personal data never reaches a production line, logged flat, one object down or in a database error", async () => {
  const { stdout } = await runChild(`
    import { createLogger } from "~/server/logger.server";
    const logger = createLogger("info", false);
    const rider = {
      name: "Asha Rider", mobile: "+919800000001", phone: "+919800000002", email: "asha@rider.test",
      emergencyName: "Ravi Kin", emergencyPhone: "+919123456789", licenceNumber: "KA0120230001234",
      bloodGroup: "AB-", pillionName: "Meera Pillion", utr: "412345678901", token: "private-link-token",
      tokenHash: "hash-of-the-token", token_hash: "hash-in-the-row",
    };
    logger.info({ ...rider, rideId: "r-1" }, "flat");
    logger.warn({ registration: rider, rideId: "r-2" }, "nested");
    const err = Object.assign(new Error("duplicate key value violates unique constraint"), {
      detail: "Key (ride_id, phone)=(r-3, +919800000003) already exists.",
    });
    logger.error({ err, rideId: "r-3" }, "registration failed");
  `);
  const lines = stdout.trim().split("\n");
  expect(lines).toHaveLength(3);
  expect(stdout).toContain('"rideId":"r-1"');
  expect(stdout).toContain('"rideId":"r-2"');
  expect(stdout).toContain("duplicate key value violates unique constraint");
  expect(stdout).not.toMatch(
    /Asha|98000000|asha@|Ravi|9123456789|KA0120|AB-|Meera|412345678901|private-link|hash-of|hash-in/,
  );
});
