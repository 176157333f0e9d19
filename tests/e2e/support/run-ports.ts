import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { freePort } from "../../support/ports.ts";
import { runDir } from "./run-dir.ts";

/**
 * A port for a server a spec starts: free when asked, and taken by no other worker of this run.
 * The kernel may hand one free port to two workers asking at once; the first to reserve it in the
 * run's directory keeps it. Otherwise the second server could not listen, and its readiness probe
 * would be answered by the first server, whose database holds none of the second's sessions.
 */
export async function runPort(): Promise<number> {
  const reserved = path.join(runDir(), "ports");
  mkdirSync(reserved, { recursive: true });
  for (;;) {
    const port = await freePort();
    try {
      writeFileSync(path.join(reserved, String(port)), "", { flag: "wx" });
      return port;
    } catch (error) {
      // Reserved by another worker (now or earlier in the run): ask for another.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
}
