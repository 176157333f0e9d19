// The start of the in-process benchmarks (bench:images, bench:routes).
import { availableParallelism, loadavg } from "node:os";
import { parseArgs } from "node:util";

/**
 * How many runs `--runs` asks for (3 unless told), once the machine's cores and load are
 * printed: timings on a machine busy with other work say little about the code.
 */
export function benchRuns(): number {
  const { values } = parseArgs({ options: { runs: { type: "string", default: "3" } } });
  const cores = availableParallelism();
  const load = loadavg()[0]!;
  console.log(`${cores} CPU cores, load average ${load.toFixed(1)}`);
  if (load > cores) console.log("  warning: the machine is busy; these timings will be slower than on an idle server");
  return Math.max(1, Number(values.runs) || 3);
}
