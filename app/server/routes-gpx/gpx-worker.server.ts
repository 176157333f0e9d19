import { Worker } from "node:worker_threads";
import { GpxRejectedError, guardGpx } from "~/domain/route/gpx-guard";
import { type XmlOutcome, gpxFromXml, readGpxXml } from "~/domain/route/parse-gpx";
import type { ParsedGpx } from "~/domain/route/types";

/** Heap of the parsing thread: a 10 MB file of 200,000 points needs about 800 MB. */
const WORKER_HEAP_MB = 1536;

export const WORKER_MESSAGES = {
  tooComplex: "The GPX file is too complex to read. Simplify it in your route planner and export again.",
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

function readXmlOffThread(text: string): Promise<XmlOutcome> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(PROGRAM, {
      eval: true,
      workerData: { text, base: import.meta.url },
      resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
    });
    let settled = false;
    worker.once("message", (outcome: XmlOutcome) => {
      settled = true;
      resolve(outcome);
      void worker.terminate();
    });
    worker.once("error", (error: Error & { code?: string }) => {
      settled = true;
      reject(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? new GpxRejectedError(WORKER_MESSAGES.tooComplex) : error);
    });
    worker.once("exit", (code) => {
      if (!settled) reject(new Error(`GPX worker exited with code ${code}`));
    });
  });
}

/**
 * parseGpx, with the XML step (seconds and hundreds of MB for a large file) in a worker
 * thread, so the server keeps answering visitors while an admin's upload is read.
 */
export async function parseGpxOffThread(bytes: Uint8Array): Promise<ParsedGpx> {
  return gpxFromXml(await readXmlOffThread(guardGpx(bytes)));
}
