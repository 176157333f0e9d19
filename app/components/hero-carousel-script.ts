/**
 * What moves the hero carousel (hero-carousel.tsx, decision 057): no React, no library. The
 * slides are a CSS scroll-snap strip a finger swipes without any script; this adds the
 * WAI-ARIA carousel pattern's behaviour to the server's markup: the arrows, the dots and the
 * pause button, arrow keys inside the carousel, a slide every `interval` ms unless the visitor
 * points at or focuses the carousel, paused it, or asked for reduced motion; the slides not
 * shown are inert, and each slide's photo is put in place when the slide or its neighbour is
 * shown (the first one, the page's largest paint, loads alone).
 *
 * The page writes this function's source inline, with its nonce, right after the carousel
 * (`inlineHeroCarouselScript`): it runs as soon as the carousel is parsed, so every control
 * works from the first paint. It must therefore refer to nothing outside itself but the
 * browser's globals: no import, no helper of this module.
 */
export function startHeroCarousel(section: HTMLElement, interval: number): void {
  const track = section.querySelector<HTMLElement>("[data-track]")!;
  const slides = [...track.children] as HTMLElement[];
  const dots = [...section.querySelectorAll<HTMLElement>("[data-dot]")];
  const pause = section.querySelector<HTMLElement>("[data-pause]");
  const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");
  const count = slides.length;
  let selected = 0;
  let hovered = false;
  let focused = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  /** The slide a scroll of ours is heading for: the slides it passes on its way are not shown. */
  let heading: number | null = null;
  let loaded = document.readyState === "complete";

  const moving = () => count > 1 && !reducedMotion.matches && !stopped && !hovered && !focused;

  const putPhoto = (index: number) => {
    const template = slides[index]?.querySelector<HTMLTemplateElement>("template[data-photo]");
    template?.replaceWith(template.content);
  };
  /** The neighbours (what a swipe or the next turn brings in), once the page's own images are in. */
  const putNeighbours = () => {
    putPhoto((selected + 1) % count);
    putPhoto((selected - 1 + count) % count);
  };

  /** Draws the state, and (re)starts the turn: a slide chosen by hand stays a full interval. */
  const update = () => {
    slides.forEach((slide, index) => {
      slide.dataset.active = String(index === selected);
      slide.inert = index !== selected;
    });
    dots.forEach((dot, index) => {
      if (index === selected) dot.setAttribute("aria-current", "true");
      else dot.removeAttribute("aria-current");
    });
    track.setAttribute("aria-live", moving() ? "off" : "polite");
    section.toggleAttribute("data-stopped", stopped);
    pause?.setAttribute("aria-label", stopped ? "Play slideshow" : "Pause slideshow");
    clearTimeout(timer);
    if (moving()) timer = setTimeout(() => show(selected + 1, "smooth"), interval);
  };

  /** Shows a slide; `scroll` scrolls the strip to it (a swipe has already). */
  const show = (index: number, scroll?: ScrollBehavior) => {
    selected = (index + count) % count;
    putPhoto(selected);
    if (loaded) putNeighbours();
    if (scroll) {
      heading = selected;
      track.scrollTo({ left: selected * track.clientWidth, behavior: scroll });
    }
    update();
  };
  /** By hand: instantly for a visitor who asked for less motion. */
  const go = (index: number) => show(index, reducedMotion.matches ? "instant" : "smooth");

  /** Where the strip came to rest, after a swipe (or at the end of a scroll of ours). */
  const settle = (ended: boolean) => {
    const width = track.clientWidth;
    if (width === 0) return;
    const index = Math.round(track.scrollLeft / width);
    if (!ended && Math.abs(track.scrollLeft - index * width) >= 1) return;
    if (!ended && heading !== null && heading !== index) return;
    heading = null;
    if (index !== selected) show(index);
  };
  track.addEventListener("scroll", () => settle(false), { passive: true });
  track.addEventListener("scrollend", () => settle(true));
  // A finger on the strip: the neighbours' photos come now, before the swipe brings one in.
  track.addEventListener("pointerdown", putNeighbours, { passive: true });
  if (!loaded) {
    window.addEventListener(
      "load",
      () => {
        loaded = true;
        putNeighbours();
      },
      { once: true },
    );
  }

  section.addEventListener("mouseenter", () => {
    hovered = true;
    update();
  });
  section.addEventListener("mouseleave", () => {
    hovered = false;
    update();
  });
  section.addEventListener("focusin", () => {
    if (focused) return;
    focused = true;
    update();
  });
  section.addEventListener("focusout", (event) => {
    if (section.contains(event.relatedTarget as Node | null)) return;
    focused = false;
    update();
  });
  section.addEventListener("keydown", (event) => {
    if (count < 2 || (event.key !== "ArrowLeft" && event.key !== "ArrowRight")) return;
    event.preventDefault();
    go(selected + (event.key === "ArrowRight" ? 1 : -1));
  });
  section.querySelector("[data-previous]")?.addEventListener("click", () => go(selected - 1));
  section.querySelector("[data-next]")?.addEventListener("click", () => go(selected + 1));
  dots.forEach((dot, index) => dot.addEventListener("click", () => go(index)));
  pause?.addEventListener("click", () => {
    stopped = !stopped;
    update();
  });
  reducedMotion.addEventListener("change", update);

  section.dataset.carouselReady = "true";
  update();
}

/** The script the page writes after the carousel: this function, called on the element before it. */
export function inlineHeroCarouselScript(interval: number): string {
  const call = `(${startHeroCarousel.toString()})(document.currentScript.previousElementSibling, ${interval});`;
  // It sits inside a <script> element: nothing in it may close that element.
  return call.replaceAll("</", "<\\/");
}
