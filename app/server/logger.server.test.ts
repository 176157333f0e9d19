import { spawn } from "node:child_process";
import path from "node:path";
import { expect, test } from "vitest";
import { createLogger } from "./logger.server";

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
      tokenHash: "hash-of-the-token", token_hash: "hash-in-the-row", waiverName: "Typed Signature",
      waiver_name: "Stored Signature",
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
    /Asha|98000000|asha@|Ravi|9123456789|KA0120|AB-|Meera|412345678901|private-link|hash-of|hash-in|Signature/,
  );
});

test("emails, phone numbers and tokens are removed by their shape, under any key and inside any text", () => {
  const lines: string[] = [];
  const logger = createLogger("info", false, { write: (line: string) => void lines.push(line) });
  const token = "Zq3xV9-kP_2mN8rT4wY6bA1cD5eF7gH0jK2lM4nP6qR";
  const requestId = "3f2a1b4c-5d6e-4f70-8a9b-0c1d2e3f4a5b";
  const forwardedRequestId = "0f1e2d3c4b5a69788796a5b4c3d2e1f0";
  const err = Object.assign(new Error(`invitation for boss.person+team@club.example failed\nasha@rider.example`), {
    response: "550 5.1.1 <ravi@rider.example>: Recipient address rejected",
  });
  logger.warn(
    {
      requestId,
      forwardedRequestId,
      reason: "Can't send mail - all recipients were rejected: 550 <asha.rao@rider.example>",
      note: "call +91 98000 00004 or 9800000004, or +919123456789.",
      path: `/admin/invite/${token}`,
      hash: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
      err,
      rideId: "r-1",
      startsAt: "2026-11-26T05:56:24.000Z",
      bytes: 20_000_000,
    },
    "mail could not be sent",
  );
  const line = lines.join("");
  const entry = JSON.parse(line) as Record<string, unknown> & { err: { message: string; response: string } };
  expect(line).not.toMatch(/boss|asha|ravi|rider\.example|98000|9123456789|Zq3xV9|9f86d08/);
  expect(entry).toMatchObject({
    requestId,
    forwardedRequestId,
    reason: "Can't send mail - all recipients were rejected: 550 <[email]>",
    note: "call [phone] or [phone], or [phone].",
    path: "/admin/invite/[token]",
    hash: "[token]",
    rideId: "r-1",
    startsAt: "2026-11-26T05:56:24.000Z",
    bytes: 20_000_000,
    msg: "mail could not be sent",
  });
  expect(entry.err.message).toBe("invitation for [email] failed\n[email]");
  expect(entry.err.response).toBe("550 5.1.1 <[email]>: Recipient address rejected");
  expect(typeof entry.time).toBe("number");
});

test("a child logger, the access log's, removes them too", () => {
  const lines: string[] = [];
  const logger = createLogger("info", false, { write: (line: string) => void lines.push(line) });
  logger.child({}, { redact: { paths: [], remove: true } }).info({ path: "/x/asha@rider.example" }, "request");
  expect(JSON.parse(lines.join(""))).toMatchObject({ path: "/x/[email]" });
});
