import { ChevronLeft, ChevronRight, Pause, Play } from "lucide-react";
import { HERO_INTERVAL_MS } from "~/domain/constants";
import type { HeroSlide } from "~/domain/content";
import { useDocumentInfo } from "./document-info";
import { inlineHeroCarouselScript } from "./hero-carousel-script";
import { ResponsiveImage } from "./responsive-image";

type HeroCarouselProps = {
  slides: HeroSlide[];
  /** Where each slide's call-to-action button goes. */
  ctaHref: string;
  learnMoreHref: string;
};

const ARROWS = {
  previous: { label: "Previous slide", Icon: ChevronLeft, place: "left-3 lg:left-4" },
  next: { label: "Next slide", Icon: ChevronRight, place: "right-3 lg:right-4" },
} as const;

/** An arrow the carousel's script finds by its `data-previous` or `data-next`. */
function ArrowButton({ direction }: { direction: keyof typeof ARROWS }) {
  const { label, Icon, place } = ARROWS[direction];
  return (
    <button
      type="button"
      {...{ [`data-${direction}`]: "" }}
      aria-label={label}
      className={`absolute bottom-4 z-10 inline-flex size-11 items-center justify-center rounded-full bg-ink-950/50 text-white transition-colors noscript:hidden hover:bg-ink-950/80 sm:top-1/2 sm:bottom-auto sm:size-12 sm:-translate-y-1/2 ${place}`}
    >
      <Icon aria-hidden="true" className="size-7" />
    </button>
  );
}

/**
 * The hero carousel of the upcoming page (product.md#upcoming-page): one slide per active hero
 * slide, advancing every HERO_INTERVAL_MS. It is no island (decision 057): the slides are a CSS
 * scroll-snap strip, which a finger swipes without any script, and a few lines of script written
 * right after it (hero-carousel-script.ts, with the page's nonce) work its arrows, dots and pause
 * button from the first paint and move it on its timer. It follows the WAI-ARIA carousel
 * pattern: it pauses while pointed at or focused, has a pause button, and never moves on its own
 * for a visitor who asked for reduced motion. Without JavaScript the first slide is in view, the
 * others a swipe away, and no control is drawn (`noscript:hidden`).
 */
export function HeroCarousel({ slides, ctaHref, learnMoreHref }: HeroCarouselProps) {
  const { nonce } = useDocumentInfo();
  if (slides.length === 0) return null;
  const several = slides.length > 1;

  return (
    <>
      <section aria-roledescription="carousel" aria-label="Highlights" className="group/carousel relative bg-ink-950">
        <div
          data-track
          aria-live="polite"
          className="flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden"
        >
          {slides.map((slide, index) => {
            const photo = (
              <ResponsiveImage
                src={slide.background}
                alt=""
                width={1600}
                height={900}
                sizes="100vw"
                priority={index === 0}
                className="absolute inset-0 size-full object-cover"
              />
            );
            return (
              <div
                key={slide.id}
                role="group"
                aria-roledescription="slide"
                aria-label={`${index + 1} of ${slides.length}`}
                data-testid="hero-slide"
                data-active={index === 0}
                className="relative h-[min(78svh,44rem)] min-h-[30rem] w-full shrink-0 snap-start snap-always"
              >
                {/* The first slide's photo is the page's largest paint and loads alone; the
                    script puts each other one in place when its slide or a neighbour is shown. */}
                {index === 0 ? (
                  // In a <picture>, React writes no preload of it in the head, where it would
                  // compete with the stylesheet (islands.md, Tried); the img is found in the markup.
                  <picture>{photo}</picture>
                ) : (
                  <>
                    <template data-photo>{photo}</template>
                    <noscript>{photo}</noscript>
                  </>
                )}
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
            );
          })}
        </div>

        {/* Buttons the script below works from the first paint; without JavaScript none is drawn. */}
        {several && (
          <>
            <ArrowButton direction="previous" />
            <ArrowButton direction="next" />
            <div className="absolute inset-x-0 bottom-4 flex items-center justify-center gap-1 noscript:hidden">
              <button
                type="button"
                data-pause
                aria-label="Pause slideshow"
                className="inline-flex size-11 items-center justify-center rounded-full text-white hover:bg-ink-950/50 motion-reduce:hidden"
              >
                <Pause aria-hidden="true" className="size-5 group-data-[stopped]/carousel:hidden" />
                <Play aria-hidden="true" className="hidden size-5 group-data-[stopped]/carousel:block" />
              </button>
              {slides.map((slide, index) => (
                <button
                  key={slide.id}
                  type="button"
                  data-dot
                  aria-label={`Go to slide ${index + 1}`}
                  aria-current={index === 0 ? "true" : undefined}
                  className="group inline-flex h-11 w-8 items-center justify-center sm:w-11"
                >
                  <span className="block h-2.5 w-2.5 rounded-full bg-white/70 transition-all group-hover:bg-white group-aria-[current=true]:w-6 group-aria-[current=true]:bg-brand-400 sm:group-aria-[current=true]:w-8" />
                </button>
              ))}
            </div>
          </>
        )}
      </section>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: inlineHeroCarouselScript(HERO_INTERVAL_MS) }} />
    </>
  );
}
