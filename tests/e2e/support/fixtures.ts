// The base of every end-to-end spec: import { test, expect } from "./fixtures.ts", never from
// "@playwright/test". Each test's browser context is watched, and the test FAILS when
//   - the browser logs a console error, throws an uncaught error or reports a violation of the
//     Content-Security-Policy, unless the test declared it with
//     `test.use({ allowedConsoleErrors: [...] })`;
//   - the browser asks for anything on a host other than 127.0.0.1 / localhost: the request is
//     aborted and reported. Third parties are local stand-ins in tests; to show an external
//     embed, stub it in the test with page.route(), which takes precedence over this guard.
import { AxeBuilder } from "@axe-core/playwright";
import { test as base, expect, type BrowserContext, type Page } from "@playwright/test";
import { endWorker } from "./worker-end.ts";

export { expect };

const LOCAL_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** Whether the browser may load this URL: this machine, or a scheme that never reaches a network. */
export function isLocalUrl(url: URL): boolean {
  if (!["http:", "https:", "ws:", "wss:"].includes(url.protocol)) return true;
  return LOCAL_HOSTS.has(url.hostname);
}

export type AllowedConsoleErrors = (string | RegExp)[];

/**
 * Watches a browser context (every page and pop-up in it) and returns the list of problems it
 * sees. The `context` fixture does this for every test; call it yourself for a context made
 * with browser.newContext(), then expect the list to be empty.
 */
export async function guardContext(context: BrowserContext, allowed: AllowedConsoleErrors = []): Promise<string[]> {
  const problems: string[] = [];
  const isAllowed = (text: string) =>
    allowed.some((pattern) => (typeof pattern === "string" ? text.includes(pattern) : pattern.test(text)));

  await context.route(
    (url) => !isLocalUrl(url),
    async (route, request) => {
      problems.push(`request to another host (aborted): ${request.method()} ${request.url()}`);
      await route.abort("blockedbyclient");
    },
  );
  await context.routeWebSocket(
    (url) => !isLocalUrl(url),
    (ws) => {
      problems.push(`WebSocket to another host (refused): ${ws.url()}`);
      void ws.close();
    },
  );
  // Chrome shows a Content-Security-Policy violation that the page's code catches (an eval
  // probe, say) only in DevTools' Issues panel: every violation becomes a console error here,
  // so the guard below fails the test.
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (event) => {
      console.error(
        `Content-Security-Policy violation: ${event.violatedDirective} blocked ${event.blockedURI || "(inline)"} at ${event.sourceFile}:${event.lineNumber}`,
      );
    });
  });
  context.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    // The aborted request above is already reported, with its URL.
    if (text.includes("net::ERR_BLOCKED_BY_CLIENT") || isAllowed(text)) return;
    const { url, lineNumber } = message.location();
    problems.push(`console error: ${text}${url ? ` (at ${url}:${lineNumber})` : ""}`);
  });
  context.on("weberror", (webError) => {
    const error = webError.error();
    if (isAllowed(error.message)) return;
    problems.push(`uncaught error in the page: ${error.stack ?? error.message}`);
  });
  return problems;
}

export const test = base.extend<{ allowedConsoleErrors: AllowedConsoleErrors }, { workerEnd: void }>({
  /** Stops what the worker's files started for the worker (worker-end.ts). */
  workerEnd: [
    async ({}, use) => {
      await use();
      await endWorker();
    },
    { scope: "worker", auto: true },
  ],

  /** Console / page error messages (substring or RegExp) this test expects; any other fails it. */
  allowedConsoleErrors: [[], { option: true }],

  context: async ({ context, allowedConsoleErrors }, use) => {
    const problems = await guardContext(context, allowedConsoleErrors);
    await use(context);
    expect(problems, "the browser logged errors or reached for another host").toEqual([]);
  },
});

export type A11yOptions = {
  /** CSS selectors to check (default: the whole page). */
  include?: string[];
  /** CSS selectors to leave out, e.g. a third-party embed. */
  exclude?: string[];
  /** axe rule ids to skip, each with a reason in the calling test. */
  disableRules?: string[];
};

/** Runs axe-core on the page as it is now and fails on any serious or critical violation. */
export async function expectNoA11yViolations(page: Page, options: A11yOptions = {}): Promise<void> {
  let builder = new AxeBuilder({ page });
  for (const selector of options.include ?? []) builder = builder.include(selector);
  for (const selector of options.exclude ?? []) builder = builder.exclude(selector);
  if (options.disableRules?.length) builder = builder.disableRules(options.disableRules);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
    .map((violation) => {
      const targets = violation.nodes.map((node) => node.target.join(" ")).slice(0, 5);
      return `${violation.impact}: ${violation.id} — ${violation.help} (${violation.helpUrl}) on ${targets.join(", ")}`;
    });
  expect(serious, `accessibility violations on ${page.url()}`).toEqual([]);
}
