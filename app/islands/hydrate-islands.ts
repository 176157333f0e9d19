// The islands script of the public pages (decision 017). It imports nothing until the page has
// loaded (its text, styles and first images) and painted: React and the islands' code then come
// second on a phone's slow connection, never competing with what the visitor sees first. It
// waits on events, never on a timer, so tests that pause the page's clock still hydrate. What
// it loads is named on its own script element (the server knows the build's file names).

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

/**
 * A tap on a button of an island that has not hydrated yet is kept and given again to the same
 * button once its island has (a tapped island is on the screen, so it is due at once), so the
 * first tap is never lost. Links and a form's submit buttons work without a script and go their way. The tap
 * given again is no user activation: an island whose action needs one (clipboard, share sheet)
 * starts as a link.
 */
function keepEarlyTap(event: MouseEvent): void {
  const button = event.target instanceof Element ? event.target.closest("button") : null;
  const island = button?.closest<HTMLElement>("rb-island[data-island]");
  if (!button || !island || island.hasAttribute("data-hydrated")) return;
  if (button.type === "submit" && button.form) return;
  event.preventDefault();
  event.stopPropagation();
  if (island.hasAttribute("data-tapped")) return;
  island.setAttribute("data-tapped", "");
  // Called once React has finished the work that hydrated the island: the button has its handler.
  new MutationObserver((_, observer) => {
    if (!island.hasAttribute("data-hydrated")) return;
    observer.disconnect();
    island.removeAttribute("data-tapped");
    if (button.isConnected) button.click();
  }).observe(island, { attributeFilter: ["data-hydrated"] });
}

document.addEventListener("click", keepEarlyTap, { capture: true });

const runtime = document.querySelector<HTMLScriptElement>("script[data-islands-runtime]")?.dataset.islandsRuntime;

void Promise.all([loaded, painted])
  .then(nextFrameShown)
  // Not bundled: the runtime is an entry of its own, and a bundled import() would bring a
  // preload helper along as an import of this script.
  .then(() => import(/* @vite-ignore */ runtime!) as Promise<typeof import("./islands-runtime")>)
  .then(({ hydrateIslands }) => hydrateIslands())
  // Last, once the islands answer: the service worker of offline rides (decision 023). The
  // development server has none; a page works the same without it.
  .then(() => navigator.serviceWorker?.register("/sw.js"))
  .catch(() => undefined);
