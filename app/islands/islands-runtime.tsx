import { createElement } from "react";
import { hydrateRoot } from "react-dom/client";
import { shareNonceWithStyleInjectors } from "~/components/style-nonce";
import { IslandRoot } from "./island-root";
import { type HydrateWhen, ISLANDS, type IslandName } from "./registry";

// What the islands script (hydrate-islands.ts) loads once the page has loaded: finds each
// island the server rendered, loads its component and hydrates it with the props written
// beside it. It runs no timer (tests pause the page's clock): `load` islands start at once,
// `visible` ones when they come within a screen of the viewport.

function isIslandName(name: string | undefined): name is IslandName {
  return name !== undefined && Object.hasOwn(ISLANDS, name);
}

async function hydrate(element: HTMLElement): Promise<void> {
  const name = element.dataset.island;
  if (!isIslandName(name)) throw new Error(`Unknown island "${name}"`);
  const component = await ISLANDS[name]();
  const props = JSON.parse(element.dataset.props ?? "{}") as object;
  const onHydrated = () => element.setAttribute("data-hydrated", "");
  const island = createElement(component as never, props as never);
  hydrateRoot(element, <IslandRoot onHydrated={onHydrated}>{island}</IslandRoot>, {
    identifierPrefix: element.dataset.idPrefix,
  });
}

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
  for (const element of document.querySelectorAll<HTMLElement>("rb-island[data-island]")) {
    whenDue(element, element.dataset.hydrate === "visible" ? "visible" : "load", () => {
      hydrate(element).catch((error: unknown) => {
        console.error(error);
      });
    });
  }
}
