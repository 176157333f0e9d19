import { History, Pencil, Trash2 } from "lucide-react";
import type { PublicationState } from "~/domain/publication";
import { publishingHref } from "~/domain/admin-links";
import { Link } from "react-router";
import { ResponsiveImage } from "~/components/responsive-image";
import type { HeroSlide } from "~/domain/content";
import { NO_SLIDES } from "~/domain/messages";

type SlideListProps = {
  slides: HeroSlide[];
  /** Draft and scheduled slides say so (decision 025); a slide missing here is published. */
  publications?: Record<string, PublicationState>;
  deletingId: string | null;
  onDelete: (slide: HeroSlide) => void;
};

const actionClass = "inline-flex min-h-10 items-center gap-1.5 rounded-md border px-3 text-sm font-medium";

/** The slides in carousel order, each previewed as visitors see it. */
const ALL_PUBLISHED: Record<string, PublicationState> = {};

export function SlideList({ slides, publications = ALL_PUBLISHED, deletingId, onDelete }: SlideListProps) {
  return (
    <section aria-labelledby="slides-heading" className="space-y-3">
      <h2 id="slides-heading" className="font-display text-xl font-bold text-ink-900">
        Slides ({slides.length})
      </h2>
      {slides.length === 0 ? (
        <p className="rounded-card border border-dashed border-ink-300 p-6 text-center text-ink-600">{NO_SLIDES}</p>
      ) : (
        <ul className="grid gap-4 md:grid-cols-2">
          {slides.map((slide) => (
            <li
              key={slide.id}
              data-testid="slide-card"
              aria-busy={deletingId === slide.id || undefined}
              className={`overflow-hidden rounded-card border border-ink-200 bg-white shadow-card ${deletingId === slide.id ? "opacity-50" : ""}`}
            >
              <article aria-labelledby={`slide-${slide.id}-title`}>
                <div className="relative aspect-[16/7] bg-ink-900">
                  {slide.background && (
                    <ResponsiveImage
                      src={slide.background}
                      alt=""
                      sizes="(min-width: 768px) 40vw, 100vw"
                      className="absolute inset-0 size-full object-cover opacity-70"
                    />
                  )}
                  <div className="relative flex h-full flex-col justify-end gap-1 bg-linear-to-t from-ink-950/80 to-transparent p-4 text-white">
                    <p className="text-xs font-semibold tracking-widest text-brand-200 uppercase">{slide.tagline}</p>
                    <h3 id={`slide-${slide.id}-title`} className="font-display text-xl font-extrabold">
                      {slide.title}
                    </h3>
                    <p className="text-sm text-ink-100">{slide.subtitle}</p>
                    <span className="mt-1 inline-flex w-fit rounded-full bg-brand-600 px-3 py-1 text-xs font-semibold">
                      {slide.cta}
                    </span>
                  </div>
                </div>
                <div className="flex flex-wrap items-center justify-between gap-2 p-3">
                  <p className="text-sm text-ink-700">
                    Position {slide.order + 1} ·{" "}
                    {slide.isActive ? (
                      <span className="font-semibold text-success-600">Active</span>
                    ) : (
                      <span className="text-ink-600">Hidden</span>
                    )}
                    {publications[slide.id] === "draft" || publications[slide.id] === "scheduled" ? (
                      <span className="font-semibold text-amber-900">
                        {" "}
                        · {publications[slide.id] === "draft" ? "Draft" : "Scheduled"}
                      </span>
                    ) : null}
                  </p>
                  <div className="flex gap-2">
                    <Link
                      to={{ search: new URLSearchParams({ edit: slide.id }).toString() }}
                      className={`${actionClass} border-ink-300 text-ink-800 hover:bg-ink-50`}
                    >
                      <Pencil aria-hidden="true" className="size-4" />
                      Edit<span className="sr-only"> slide {slide.title}</span>
                    </Link>
                    <Link
                      to={publishingHref("heroSlides", slide.id)}
                      className={`${actionClass} border-ink-300 text-ink-800 hover:bg-ink-50`}
                    >
                      <History aria-hidden="true" className="size-4" />
                      Publishing & History<span className="sr-only"> of slide {slide.title}</span>
                    </Link>
                    <button
                      type="button"
                      disabled={deletingId === slide.id}
                      onClick={() => onDelete(slide)}
                      className={`${actionClass} border-red-300 text-red-700 hover:bg-red-50`}
                    >
                      <Trash2 aria-hidden="true" className="size-4" />
                      Delete<span className="sr-only"> slide {slide.title}</span>
                    </button>
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
