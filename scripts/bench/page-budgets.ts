// The public pages' budgets (decision 017) and the figures of one Lighthouse run
// that they judge. Pure: no I/O, so the rules are tested on their own.

export type Budget = {
  /** JavaScript transferred, as Lighthouse counts it (compressed bodies and headers), in KiB. */
  javascriptKiB: number;
  /** The simulated phone's figures; only for the pages whose first paint the budget covers. */
  speed?: { performance: number; lcpMs: number; cls: number };
  /**
   * The blocking time the page's scripts may add at 4× CPU, measured in the browser (long-tasks.ts,
   * scriptBlockingTime): not the page's own, which on a busy machine is mostly HTML, style and layout.
   */
  scriptsAddMs?: number;
  /** A rider's own page, kept out of search engines (noindex) on purpose: SEO is not judged. */
  noindex?: true;
};

/** Accessibility, best practices and SEO (on the pages search engines may index) are 100. */
export const CATEGORY_MINIMUM = 100;

export type Figures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  javascriptKiB: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Scripts fetched at high priority before the page first painted (observed, not simulated). */
  earlyScripts: string[];
};

/** The parts of a Lighthouse result the figures come from (lhr's shape, loosely typed). */
type Audit = {
  numericValue?: number;
  details?: { items?: Record<string, unknown>[]; debugData?: Record<string, unknown> };
};
type Result = {
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, Audit | undefined>;
};

const score = (result: Result, id: string) => Math.round((result.categories[id]?.score ?? 0) * 100);
const numeric = (result: Result, id: string) => result.audits[id]?.numericValue ?? Number.NaN;
const items = (result: Result, id: string) => result.audits[id]?.details?.items ?? [];

export function figuresOf(result: Result): Figures {
  const scripts = items(result, "resource-summary").find((item) => item.resourceType === "script");
  // Request times count from the first request and the paint from the navigation: both are
  // turned into the trace's own timestamps (microseconds) to be compared.
  const firstPaintTs = Number(items(result, "metrics")[0]?.observedFirstContentfulPaintTs ?? Number.NaN);
  const networkStartTs = Number(
    result.audits["network-requests"]?.details?.debugData?.networkStartTimeTs ?? Number.NaN,
  );
  const earlyScripts = items(result, "network-requests")
    .filter(
      (request) =>
        request.resourceType === "Script" &&
        (request.priority === "High" || request.priority === "VeryHigh") &&
        networkStartTs + Number(request.networkRequestTime) * 1000 < firstPaintTs,
    )
    .map((request) => new URL(String(request.url)).pathname);
  return {
    performance: score(result, "performance"),
    accessibility: score(result, "accessibility"),
    bestPractices: score(result, "best-practices"),
    seo: score(result, "seo"),
    javascriptKiB: Number(scripts?.transferSize ?? 0) / 1024,
    lcpMs: numeric(result, "largest-contentful-paint"),
    tbtMs: numeric(result, "total-blocking-time"),
    cls: numeric(result, "cumulative-layout-shift"),
    earlyScripts,
  };
}

export type Check = { name: string; value: string; limit: string; met: boolean };

/** Each figure beside its budget. */
export function checks(figures: Figures, budget: Budget): Check[] {
  const list: Check[] = [
    {
      name: "JavaScript",
      value: `${figures.javascriptKiB.toFixed(1)} KiB`,
      limit: `≤ ${budget.javascriptKiB} KiB`,
      met: figures.javascriptKiB <= budget.javascriptKiB,
    },
    {
      name: "high-priority scripts before first paint",
      value: String(figures.earlyScripts.length),
      limit: "0",
      met: figures.earlyScripts.length === 0,
    },
  ];
  const categories = [
    ["accessibility", figures.accessibility],
    ["best practices", figures.bestPractices],
    ...(budget.noindex ? [] : [["SEO", figures.seo] as const]),
  ] as const;
  for (const [name, value] of categories) {
    list.push({ name, value: String(value), limit: `≥ ${CATEGORY_MINIMUM}`, met: value >= CATEGORY_MINIMUM });
  }
  if (budget.speed) {
    const { performance, lcpMs, cls } = budget.speed;
    list.push(
      {
        name: "performance",
        value: String(figures.performance),
        limit: `≥ ${performance}`,
        met: figures.performance >= performance,
      },
      { name: "LCP", value: `${Math.round(figures.lcpMs)} ms`, limit: `≤ ${lcpMs} ms`, met: figures.lcpMs <= lcpMs },
      // Simulated from an unthrottled trace: shown, judged by the direct figure (scriptsAddMs).
      { name: "TBT (simulated)", value: `${Math.round(figures.tbtMs)} ms`, limit: "(not judged)", met: true },
      { name: "CLS", value: figures.cls.toFixed(3), limit: `≤ ${cls}`, met: figures.cls <= cls },
    );
  }
  return list;
}

/** One page measured twice in a row in one browser: as shipped, and with its scripts blocked. */
export type BlockingPair = { shippedMs: number; blockedMs: number };

export type ScriptBlockingTime = {
  /** The median of the pairs' differences: the blocking time the scripts add. */
  addedMs: number;
  /** The smallest and largest difference. */
  spreadMs: [number, number];
  /** The median TBT without scripts: the machine's floor (HTML, style, layout). */
  floorMs: number;
  /** The median TBT as shipped. */
  shippedMs: number;
};

function median(values: number[]): number {
  const sorted = values.toSorted((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/**
 * What a page's scripts add to its blocking time, judged within one run: a loaded machine
 * raises both figures of a pair, so their difference says what the scripts cost where the
 * absolute figure says mostly how busy the machine was.
 */
export function scriptBlockingTime(pairs: BlockingPair[]): ScriptBlockingTime {
  if (pairs.length === 0) throw new Error("no pair of runs to compare");
  const added = pairs.map((pair) => pair.shippedMs - pair.blockedMs);
  return {
    addedMs: median(added),
    spreadMs: [Math.min(...added), Math.max(...added)],
    floorMs: median(pairs.map((pair) => pair.blockedMs)),
    shippedMs: median(pairs.map((pair) => pair.shippedMs)),
  };
}

/** The added blocking time beside its budget, with the floor and the spread to judge it by. */
export function scriptBlockingCheck(time: ScriptBlockingTime, limitMs: number, runs: number): Check {
  const [low, high] = time.spreadMs.map(Math.round);
  return {
    name: `blocking time scripts add (median of ${runs} pairs)`,
    value: `${Math.round(time.addedMs)} ms`,
    limit: `≤ ${limitMs} ms; spread ${low}–${high} ms, no-script floor ${Math.round(time.floorMs)} ms, shipped ${Math.round(time.shippedMs)} ms`,
    met: time.addedMs <= limitMs,
  };
}
