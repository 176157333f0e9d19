import { Worker } from "node:worker_threads";
import { GpxRejectedError, guardGpx } from "~/domain/ride-route/gpx-guard";
import { type XmlOutcome, gpxFromXml, readGpxXml } from "~/domain/ride-route/parse-gpx";
import type { ParsedGpx } from "~/domain/ride-route/types";

/**
 * What one file may cost the parsing thread. Heap: a 10 MB file of 200,000 points needs
 * 0.8–1 GB (decision 024); files of more elements, which needed all of the 1.5 GB there was,
 * are refused before (gpx-guard.ts). Time: such a file takes 10–20 s on 2 busy cores; the
 * limit ends a file that would hold the uploads queued behind it (ride-routes.server.ts reads
 * one at a time). Tests pass smaller ones.
 */
export type GpxWorkerLimits = { heapMb: number; timeoutMs: number };
export const GPX_WORKER_LIMITS: GpxWorkerLimits = { heapMb: 1280, timeoutMs: 60_000 };

export const WORKER_MESSAGES = {
  tooComplex: "The GPX file is too complex to read. Simplify it in your route planner and export again.",
  tooSlow: "The GPX file took too long to read. Simplify it in your route planner and export again.",
} as const;

/**
 * The worker's program: load xmldom and togeojson from the application's own node_modules and
 * run readGpxXml (self-contained by design) on the text. Its source is passed as a string, so
 * the same function runs in tests, in development and in the bundled server.
 */
const PROGRAM = `
const { workerData, parentPort } = process.getBuiltinModule("node:worker_threads");
const load = process.getBuiltinModule("node:module").createRequire(workerData.base);
const { DOMParser } = load("@xmldom/xmldom");
const { gpx } = load("@tmcw/togeojson");
// esbuild's keepNames (tsx) wraps functions in __name(); here it need not name anything.
const __name = (target) => target;
const readGpxXml = ${readGpxXml.toString()};
parentPort.postMessage(readGpxXml(workerData.text, { DOMParser, gpx }));
`;

function readXmlOffThread(text: string, limits: GpxWorkerLimits): Promise<XmlOutcome> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PROGRAM, {
      eval: true,
      workerData: { text, base: import.meta.url },
      resourceLimits: { maxOldGenerationSizeMb: limits.heapMb },
    });
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      finish();
      void worker.terminate();
    };
    const timer = setTimeout(
      () => settle(() => reject(new GpxRejectedError(WORKER_MESSAGES.tooSlow))),
      limits.timeoutMs,
    );
    worker.once("message", (outcome: XmlOutcome) => settle(() => resolve(outcome)));
    worker.once("error", (error: Error & { code?: string }) =>
      settle(() =>
        reject(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? new GpxRejectedError(WORKER_MESSAGES.tooComplex) : error),
      ),
    );
    worker.once("exit", (code) => settle(() => reject(new Error(`GPX worker exited with code ${code}`))));
  });
}

/**
 * parseGpx, with the XML step (seconds and hundreds of MB for a large file) in a worker
 * thread within `limits`, so the server keeps answering visitors while an admin's upload is read.
 */
export async function parseGpxOffThread(bytes: Uint8Array, limits = GPX_WORKER_LIMITS): Promise<ParsedGpx> {
  return gpxFromXml(await readXmlOffThread(guardGpx(bytes), limits));
}
