import { createElement } from "react";
import { hydrateRoot } from "react-dom/client";
import { shareNonceWithStyleInjectors } from "~/components/style-nonce";
import { IslandRoot } from "./island-root";
import { type HydrateWhen, ISLANDS, type IslandName } from "./registry";

// What the islands script (hydrate-islands.ts) loads once the page has loaded: finds each
// island the server rendered, loads its component and hydrates it with the props written
// beside it. Every control of an island already works before it is hydrated (a link, or HTML's
// own), so nothing here is urgent: islands hydrate one at a time, each in a task of its own
// after the browser has had its turn (input, rendering), and an island a visitor points at,
// touches or focuses goes first. It runs no timer (tests pause the page's clock): `load`
// islands queue at once, `visible` ones when they come within a screen of the viewport.

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
  hydrateRoot(element, <IslandRoot onHydrated={onHydrated}>{island}</IslandRoot>, {
    identifierPrefix: element.dataset.idPrefix,
  });
}

/** The islands due, hydrated in order one at a time; `first` puts one ahead of the others. */
function hydrationQueue() {
  const waiting: HTMLElement[] = [];
  const started = new Set<HTMLElement>();
  let running = false;

  const start = (element: HTMLElement) => {
    if (started.has(element)) return Promise.resolve();
    started.add(element);
    return hydrate(element).catch((error: unknown) => {
      console.error(error);
    });
  };

  const drain = async () => {
    if (running) return;
    running = true;
    for (let element = waiting.shift(); element; element = waiting.shift()) {
      await yieldToBrowser();
      await start(element);
    }
    running = false;
  };

  return {
    add(element: HTMLElement) {
      // Its code is fetched at once, beside the others', and waits for its turn.
      const name = element.dataset.island;
      if (isIslandName(name)) ISLANDS[name]().catch(() => undefined);
      waiting.push(element);
      void drain();
    },
    first(element: HTMLElement) {
      void start(element);
    },
  };
}

const INTERACTIONS = ["pointerover", "pointerdown", "touchstart", "focusin"] as const;

function whenDue(element: HTMLElement, when: HydrateWhen, run: () => void): void {
  // An island's own box: the element itself is `display: contents` and has none.
  const target = element.firstElementChild ?? element;
  if (when !== "visible" || !("IntersectionObserver" in window)) return run();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      run();
    },
    { rootMargin: "100% 0px" },
  );
  observer.observe(target);
}

export function hydrateIslands(): void {
  shareNonceWithStyleInjectors();
  const queue = hydrationQueue();
  for (const element of document.querySelectorAll<HTMLElement>("rb-island[data-island]")) {
    const now = () => {
      for (const type of INTERACTIONS) element.removeEventListener(type, now);
      queue.first(element);
    };
    for (const type of INTERACTIONS) element.addEventListener(type, now, { passive: true });
    whenDue(element, element.dataset.hydrate === "visible" ? "visible" : "load", () => queue.add(element));
  }
}
