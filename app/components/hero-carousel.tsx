import useEmblaCarousel from "embla-carousel-react";
import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { useCallback, useEffect, useState, type FocusEvent, type KeyboardEvent } from "react";
import { HERO_INTERVAL_MS } from "~/domain/constants";
import type { HeroSlide } from "~/domain/content";
import { ResponsiveImage } from "./responsive-image";
import { usePrefersReducedMotion } from "./use-prefers-reduced-motion";

type HeroCarouselProps = {
  slides: HeroSlide[];
  /** Where each slide's call-to-action button goes. */
  ctaHref: string;
  learnMoreHref: string;
};

/**
 * The hero carousel of the upcoming page (product.md#upcoming-page): one slide per active hero slide,
 * advancing every HERO_INTERVAL_MS. It follows the WAI-ARIA carousel pattern: it pauses
 * while pointed at or focused, has a pause button, and never moves on its own for a
 * visitor who asked for reduced motion. The server renders the first slide in place, so
 * it shows before (and without) JavaScript; its controls appear when the carousel can move.
 */
export function HeroCarousel({ slides, ctaHref, learnMoreHref }: HeroCarouselProps) {
  const [viewportRef, embla] = useEmblaCarousel({ loop: true });
  const [selected, setSelected] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const reducedMotion = usePrefersReducedMotion();
  const several = slides.length > 1;
  const autoplay = several && !reducedMotion && !stopped;
  const moving = autoplay && !hovered && !focused;

  useEffect(() => {
    if (!embla) return;
    const onSelect = () => setSelected(embla.selectedScrollSnap());
    onSelect();
    embla.on("select", onSelect).on("reInit", onSelect);
    return () => {
      embla.off("select", onSelect).off("reInit", onSelect);
    };
  }, [embla]);

  // Restarted on every change of slide, so a slide chosen by hand stays for a full interval.
  // The slide shown and its neighbours (the ones a swipe or the autoplay brings in) have their
  // photo; the browser keeps the others' once loaded.
  const withPhoto = (index: number) => {
    const distance = Math.abs(index - selected);
    return index === 0 || (embla !== undefined && Math.min(distance, slides.length - distance) <= 1);
  };

  useEffect(() => {
    if (!embla || !moving) return;
    const timer = setTimeout(() => embla.scrollTo((selected + 1) % slides.length), HERO_INTERVAL_MS);
    return () => clearTimeout(timer);
  }, [embla, moving, selected, slides.length]);

  const goTo = useCallback((index: number) => embla?.scrollTo(index, reducedMotion), [embla, reducedMotion]);
  const previous = useCallback(() => embla?.scrollPrev(reducedMotion), [embla, reducedMotion]);
  const next = useCallback(() => embla?.scrollNext(reducedMotion), [embla, reducedMotion]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === "ArrowLeft") previous();
    else if (event.key === "ArrowRight") next();
  };
  const onBlur = (event: FocusEvent) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setFocused(false);
  };

  if (slides.length === 0) return null;

  return (
    // The WAI-ARIA carousel pattern: the region pauses while hovered or focused and takes arrow keys from its controls.
    // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section
      aria-roledescription="carousel"
      aria-label="Highlights"
      data-carousel-ready={embla ? "true" : undefined}
      className="relative bg-ink-950"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={onBlur}
      onKeyDown={several ? onKeyDown : undefined}
    >
      <div ref={viewportRef} className="overflow-hidden">
        <div className="flex" aria-live={moving ? "off" : "polite"}>
          {slides.map((slide, index) => (
            <div
              key={slide.id}
              role="group"
              aria-roledescription="slide"
              aria-label={`${index + 1} of ${slides.length}`}
              inert={index !== selected}
              data-testid="hero-slide"
              data-active={index === selected}
              className="relative h-[min(78svh,44rem)] min-h-[30rem] min-w-0 shrink-0 grow-0 basis-full"
            >
              {/* A slide's photo loads when the slide is shown or comes next: on a phone's slow
                  connection the first one, the page's largest paint, loads alone. */}
              {withPhoto(index) ? (
                <ResponsiveImage
                  src={slide.background}
                  alt=""
                  width={1600}
                  height={900}
                  sizes="100vw"
                  priority={index === 0}
                  className="absolute inset-0 size-full object-cover"
                />
              ) : null}
              <div className="absolute inset-0 bg-linear-to-r from-ink-950/90 via-ink-950/60 to-ink-950/20" />
              <div className="relative mx-auto flex h-full max-w-7xl flex-col justify-center px-4 pb-16 sm:px-20">
                <p className="text-sm font-semibold tracking-[0.2em] text-brand-300 uppercase">{slide.subtitle}</p>
                <h2 className="mt-3 max-w-3xl text-hero font-extrabold text-white">{slide.title}</h2>
                <p className="mt-4 max-w-2xl text-lg text-ink-100 sm:text-xl">{slide.tagline}</p>
                <div className="mt-8 flex flex-wrap gap-3">
                  <a
                    href={ctaHref}
                    className="inline-flex min-h-12 items-center rounded-full bg-brand-600 px-6 font-semibold text-white shadow-lg transition-colors hover:bg-brand-700"
                  >
                    {slide.cta}
                  </a>
                  <a
                    href={learnMoreHref}
                    className="inline-flex min-h-12 items-center rounded-full border-2 border-white/80 px-6 font-semibold text-white transition-colors hover:bg-white hover:text-ink-900"
                  >
                    Learn More
                    {/* Read out (and judged by crawlers) as a whole sentence, not a bare "Learn More". */}
                    <span className="sr-only"> about riding with us</span>
                  </a>
                </div>
              </div>
            </div>
          ))}
        </div>
      </div>

      {/* The controls are drawn once the carousel can move: none is ever a dead tap, and without
          JavaScript the first slide stands alone. */}
      {several && embla && (
        <>
          <button
            type="button"
            aria-label="Previous slide"
            onClick={previous}
            className="absolute bottom-4 left-3 z-10 inline-flex size-11 items-center justify-center rounded-full bg-ink-950/50 text-white transition-colors hover:bg-ink-950/80 sm:top-1/2 sm:bottom-auto sm:size-12 sm:-translate-y-1/2 lg:left-4"
          >
            <ChevronLeft aria-hidden="true" className="size-7" />
          </button>
          <button
            type="button"
            aria-label="Next slide"
            onClick={next}
            className="absolute right-3 bottom-4 z-10 inline-flex size-11 items-center justify-center rounded-full bg-ink-950/50 text-white transition-colors hover:bg-ink-950/80 sm:top-1/2 sm:bottom-auto sm:size-12 sm:-translate-y-1/2 lg:right-4"
          >
            <ChevronRight aria-hidden="true" className="size-7" />
          </button>
          <div className="absolute inset-x-0 bottom-4 flex items-center justify-center gap-1">
            {!reducedMotion && (
              <button
                type="button"
                aria-label={stopped ? "Play slideshow" : "Pause slideshow"}
                onClick={() => setStopped((isStopped) => !isStopped)}
                className="inline-flex size-11 items-center justify-center rounded-full text-white hover:bg-ink-950/50"
              >
                {stopped ? (
                  <Play aria-hidden="true" className="size-5" />
                ) : (
                  <Pause aria-hidden="true" className="size-5" />
                )}
              </button>
            )}
            {slides.map((slide, index) => (
              <button
                key={slide.id}
                type="button"
                aria-label={`Go to slide ${index + 1}`}
                aria-current={index === selected ? "true" : undefined}
                onClick={() => goTo(index)}
                className="group inline-flex h-11 w-8 items-center justify-center sm:w-11"
              >
                <span
                  className={`block h-2.5 rounded-full transition-all ${
                    index === selected ? "w-6 bg-brand-400 sm:w-8" : "w-2.5 bg-white/70 group-hover:bg-white"
                  }`}
                />
              </button>
            ))}
          </div>
        </>
      )}
    </section>
  );
}
