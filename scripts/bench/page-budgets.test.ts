import { describe, expect, it } from "vitest";
import { checks, figuresOf, scriptBlockingCheck, scriptBlockingTime } from "./page-budgets";

const result = (overrides: { fcp?: number; scripts?: Record<string, unknown>[] } = {}) => ({
  categories: {
    performance: { score: 0.98 },
    accessibility: { score: 1 },
    "best-practices": { score: 1 },
    seo: { score: 0.92 },
  },
  audits: {
    "resource-summary": { details: { items: [{ resourceType: "script", transferSize: 70 * 1024 }] } },
    // The first request at 1,000,000 µs in the trace, the first paint 150 ms later (or fcp).
    metrics: { details: { items: [{ observedFirstContentfulPaintTs: 1_000_000 + (overrides.fcp ?? 150) * 1000 }] } },
    "network-requests": {
      details: {
        debugData: { networkStartTimeTs: 1_000_000 },
        items: overrides.scripts ?? [
          { resourceType: "Script", priority: "Low", networkRequestTime: 90, url: "http://x/assets/islands.js" },
          { resourceType: "Script", priority: "High", networkRequestTime: 120, url: "http://x/assets/early.js" },
          { resourceType: "Script", priority: "High", networkRequestTime: 200, url: "http://x/assets/late.js" },
          { resourceType: "Image", priority: "High", networkRequestTime: 60, url: "http://x/hero.webp" },
        ],
      },
    },
    "largest-contentful-paint": { numericValue: 2100 },
    "total-blocking-time": { numericValue: 20 },
    "cumulative-layout-shift": { numericValue: 0 },
  },
});

describe("page budgets", () => {
  it("read the figures of a Lighthouse result: scores, JavaScript in KiB, early high-priority scripts", () => {
    expect(figuresOf(result())).toEqual({
      performance: 98,
      accessibility: 100,
      bestPractices: 100,
      seo: 92,
      javascriptKiB: 70,
      lcpMs: 2100,
      tbtMs: 20,
      cls: 0,
      earlyScripts: ["/assets/early.js"],
    });
  });

  it("judge each figure against its budget, the speed figures only where the budget has them", () => {
    const budget = { javascriptKiB: 65, speed: { performance: 98, lcpMs: 2000, cls: 0.01 } };
    const missed = checks(figuresOf(result()), budget).filter((check) => !check.met);
    expect(missed.map((check) => `${check.name} ${check.value} ${check.limit}`)).toEqual([
      "JavaScript 70.0 KiB ≤ 65 KiB",
      "high-priority scripts before first paint 1 0",
      "SEO 92 ≥ 100",
      "LCP 2100 ms ≤ 2000 ms",
    ]);
    expect(checks(figuresOf(result({ fcp: 100 })), { javascriptKiB: 75 }).filter((check) => !check.met)).toHaveLength(
      1,
    );
  });

  it("leave SEO unjudged on a page kept out of search engines on purpose (a rider's own)", () => {
    const names = checks(figuresOf(result()), { javascriptKiB: 75, noindex: true }).map((check) => check.name);
    expect(names).toContain("accessibility");
    expect(names).not.toContain("SEO");
  });
});

describe("the blocking time the scripts add", () => {
  it("is the median of each pair's difference, beside the floor and the spread", () => {
    const time = scriptBlockingTime([
      { shippedMs: 600, blockedMs: 300 },
      { shippedMs: 320, blockedMs: 290 },
      { shippedMs: 700, blockedMs: 640 },
    ]);
    expect(time).toEqual({ addedMs: 60, spreadMs: [30, 300], floorMs: 300, shippedMs: 600 });
    expect(scriptBlockingCheck(time, 50, 3)).toEqual({
      name: "blocking time scripts add (median of 3 pairs)",
      value: "60 ms",
      limit: "≤ 50 ms; spread 30–300 ms, no-script floor 300 ms, shipped 600 ms",
      met: false,
    });
  });

  it("is within budget when the median pair adds no more than the limit", () => {
    const time = scriptBlockingTime([
      { shippedMs: 250, blockedMs: 240 },
      { shippedMs: 200, blockedMs: 230 },
    ]);
    expect(time.addedMs).toBe(-10);
    expect(scriptBlockingCheck(time, 50, 2).met).toBe(true);
  });
});
