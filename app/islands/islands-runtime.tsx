import { createElement, startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { shareNonceWithStyleInjectors } from "~/components/style-nonce";
import { IslandRoot } from "./island-root";
import { ISLANDS, type IslandName } from "./registry";

// What the islands script (hydrate-islands.ts) loads the first time an island is due (decision
// 057): it hydrates the islands the script hands it, each with the component the registry loads
// for it and the props written beside it. Every control of an island already works before it is
// hydrated (a link, or HTML's own), so nothing here is urgent: the islands due hydrate one at a
// time, each in a task of its own after the browser has had its turn (input, rendering), so no
// island's work joins another's in one long task; the one a visitor reaches for goes first. It
// runs no timer (tests pause the page's clock).

shareNonceWithStyleInjectors();

function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && Object.hasOwn(ISLANDS, name);
}

type Scheduler = { yield?: () => Promise<void> };

/** Gives the browser its turn: input, rendering, other tasks. A task, never a timer. */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: Scheduler }).scheduler;
  if (scheduler?.yield) return scheduler.yield();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.addEventListener("message", () => resolve(), { once: true });
    channel.port1.start();
    channel.port2.postMessage(null);
  });
}

async function hydrate(element: HTMLElement): Promise<void> {
  const name = element.dataset.island;
  if (!isIslandName(name)) throw new Error(`Unknown island "${name}"`);
  const component = await ISLANDS[name]();
  await yieldToBrowser();
  const props = JSON.parse(element.dataset.props ?? "{}") as object;
  const onHydrated = () => element.setAttribute("data-hydrated", "");
  const island = createElement(component as never, props as never);
  // In a transition, React hydrates in slices of a few milliseconds and yields to the browser
  // between them (a default-priority hydration is one task, 100 ms and more for a 40-photo
  // gallery on a slow phone); an interaction with the island still hydrates it at once.
  startTransition(() => {
    hydrateRoot(element, <IslandRoot onHydrated={onHydrated}>{island}</IslandRoot>, {
      identifierPrefix: element.dataset.idPrefix,
    });
  });
}

const waiting: HTMLElement[] = [];
const started = new Set<HTMLElement>();
let draining = false;

function start(element: HTMLElement): Promise<void> {
  if (started.has(element)) return Promise.resolve();
  started.add(element);
  return hydrate(element).catch((error: unknown) => {
    console.error(error);
  });
}

/** The islands due, hydrated in order, one at a time, each after the browser's turn. */
async function drain(): Promise<void> {
  if (draining) return;
  draining = true;
  for (let element = waiting.shift(); element; element = waiting.shift()) {
    await yieldToBrowser();
    await start(element);
  }
  draining = false;
}

/**
 * Hydrates an island that is due, once: in its turn after the others due, or, `first` (the
 * island a visitor reaches for), at once. Its code is fetched at once either way, beside the others'.
 */
export function hydrateIsland(element: HTMLElement, first: boolean): void {
  if (started.has(element)) return;
  const name = element.dataset.island;
  if (isIslandName(name)) ISLANDS[name]().catch(() => undefined);
  if (first) {
    void start(element);
    return;
  }
  if (waiting.includes(element)) return;
  waiting.push(element);
  void drain();
}
