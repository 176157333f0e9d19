// Child processes for the operations tests (a writer that acknowledges each committed write).
import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

export type Writer = {
  child: ChildProcess;
  /** Ride ids in the order their writes were acknowledged. */
  acked: string[];
  untilAcked(count: number, timeoutMs?: number): Promise<void>;
  exited: Promise<void>;
};

/**
 * Starts tests/support/ops-writer.ts with the given environment: Node itself with tsx as
 * its loader (for the ~/ paths), one process, so a signal reaches the writer and not a wrapper.
 */
export async function startWriter(env: Record<string, string>): Promise<Writer> {
  const child = spawn(process.execPath, ["--import", "tsx", "tests/support/ops-writer.ts"], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, DATABASE_URL: "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const acked: string[] = [];
  let stderr = "";
  let pending = "";
  const wakers = new Set<() => void>();
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.setEncoding("utf8").on("data", (chunk: string) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) {
        if (line === "ready") resolve();
        const ack = /^ack \d+ (\S+)$/.exec(line);
        if (ack) acked.push(ack[1]!);
      }
      for (const wake of wakers) wake();
    });
    child.once("exit", () => reject(new Error(`writer exited before it was ready:\n${stderr}`)));
  });
  // Ends once the process is gone and every line it wrote has been read.
  const exited = new Promise<void>((resolve) => child.stdout!.once("close", () => resolve()));
  await ready;
  return {
    child,
    acked,
    exited,
    untilAcked: (count, timeoutMs = 30_000) =>
      new Promise<void>((resolve, reject) => {
        const check = () => {
          if (acked.length >= count) {
            clearTimeout(timer);
            wakers.delete(check);
            resolve();
          }
        };
        const timer = setTimeout(() => {
          wakers.delete(check);
          reject(new Error(`only ${acked.length} of ${count} writes acknowledged in time:\n${stderr}`));
        }, timeoutMs);
        wakers.add(check);
        check();
      }),
  };
}
