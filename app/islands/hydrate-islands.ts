// The islands script of the public pages (decisions 017 and 057), written into each page. It
// loads nothing at load: React and an island's code are fetched only when the island is due,
// and then only that island is hydrated (islands-runtime.tsx). An island is due:
//   - `interaction` (the default): when a visitor points at, presses, touches or focuses it;
//   - `visible`: when it comes within a quarter of a screen of the viewport, or on interaction;
//   - `scroll`: when the visitor first scrolls the page, or on interaction;
//   - `load`: once the page has loaded and painted (an island that is the page's content).
// Every control already works before its island has hydrated (a link, a form, HTML's own), so
// waiting costs a visitor nothing; a tap on a button of an island not yet hydrated is kept and
// given again once it has (keepEarlyTap). `visible`, `scroll` and `load` wait until the page
// has loaded, painted and that frame is on the screen, so on a slow connection no script
// competes with what the visitor sees first; an interaction does not wait: the visitor asked.
// It waits on events only, never on a timer, so tests that pause the page's clock still hydrate.
// What it loads is named on its own script element (the server knows the build's file names).

type Runtime = typeof import("./islands-runtime");
type When = "interaction" | "visible" | "scroll" | "load";

const ISLAND = "rb-island[data-island]";
const INTERACTIONS = ["pointerover", "pointerdown", "touchstart", "focusin"] as const;

const loaded = new Promise<void>((resolve) => {
  if (document.readyState === "complete") resolve();
  else window.addEventListener("load", () => resolve(), { once: true });
});

const painted = new Promise<void>((resolve) => {
  if (!PerformanceObserver.supportedEntryTypes?.includes("paint")) return resolve();
  const observer = new PerformanceObserver((entries) => {
    if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
    observer.disconnect();
    resolve();
  });
  observer.observe({ type: "paint", buffered: true });
});

/**
 * After the next frame is on the screen: an IntersectionObserver reports after a frame has
 * been rendered (a requestAnimationFrame callback runs before it), and it is no timer.
 */
const nextFrameShown = () =>
  new Promise<void>((resolve) => {
    const observer = new IntersectionObserver(() => {
      observer.disconnect();
      resolve();
    });
    observer.observe(document.body);
  });

const shown = Promise.all([loaded, painted]).then(nextFrameShown);

const runtimeUrl = document.querySelector<HTMLScriptElement>("script[data-islands-runtime]")?.dataset.islandsRuntime;
let runtime: Promise<Runtime> | undefined;

/** The island is due: the runtime (fetched once) hydrates it, `first` ahead of any other due. */
function wake(island: HTMLElement, first: boolean): void {
  // Not bundled: the runtime is an entry of its own, and a bundled import() would bring a
  // preload helper along as an import of this script.
  runtime ??= import(/* @vite-ignore */ runtimeUrl!) as Promise<Runtime>;
  runtime.then(({ hydrateIsland }) => hydrateIsland(island, first)).catch(() => undefined);
}

const strategy = (island: HTMLElement) => (island.dataset.hydrate ?? "interaction") as When;
const islands = (when: When) =>
  [...document.querySelectorAll<HTMLElement>(ISLAND)].filter((island) => strategy(island) === when);

/** The island the visitor reaches for, whatever its strategy, goes first. */
function onInteraction(event: Event): void {
  const island = event.target instanceof Element ? event.target.closest<HTMLElement>(ISLAND) : null;
  if (island && !island.hasAttribute("data-hydrated")) wake(island, true);
}

for (const type of INTERACTIONS) document.addEventListener(type, onInteraction, { capture: true, passive: true });

/**
 * A tap on a button of an island that has not hydrated yet is kept and given again to the same
 * button once its island has (the tap itself made the island due, and it goes first), so the
 * first tap is never lost. Links and a form's submit buttons work without a script and go their
 * way. The tap given again is no user activation: an island whose action needs one (clipboard,
 * share sheet) starts as a link.
 */
function keepEarlyTap(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest("button") : null;
  const island = button?.closest<HTMLElement>(ISLAND);
  if (!button || !island || island.hasAttribute("data-hydrated")) return;
  if (button.type === "submit" && button.form) return;
  event.preventDefault();
  event.stopPropagation();
  if (island.hasAttribute("data-tapped")) return;
  island.setAttribute("data-tapped", "");
  wake(island, true);
  // Called once React has finished the work that hydrated the island: the button has its handler.
  new MutationObserver((_, observer) => {
    if (!island.hasAttribute("data-hydrated")) return;
    observer.disconnect();
    island.removeAttribute("data-tapped");
    if (button.isConnected) button.click();
  }).observe(island, { attributeFilter: ["data-hydrated"] });
}

document.addEventListener("click", keepEarlyTap, { capture: true });

void shown
  .then(() => {
    for (const island of islands("load")) wake(island, false);

    const scrolled = islands("scroll");
    if (scrolled.length > 0) {
      const onScroll = () => {
        window.removeEventListener("scroll", onScroll);
        for (const island of scrolled) wake(island, false);
      };
      window.addEventListener("scroll", onScroll, { passive: true });
    }

    const near = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          if (!entry.isIntersecting) continue;
          near.unobserve(entry.target);
          const island = entry.target.closest<HTMLElement>(ISLAND);
          if (island) wake(island, false);
        }
      },
      // A quarter of a screen ahead: ready as it comes in, yet an island a little below the
      // fold of a phone (a ride's gallery) costs nothing at load.
      { rootMargin: "25% 0px" },
    );
    // An island's own box: the element itself is `display: contents` and has none.
    for (const island of islands("visible")) near.observe(island.firstElementChild ?? island);

    // The service worker of offline rides (decision 023), once the page has loaded, whether or
    // not an island ever hydrates. The development server has none; a page works the same without it.
    return navigator.serviceWorker?.register("/sw.js");
  })
  .catch(() => undefined);
