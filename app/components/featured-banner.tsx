import { ArrowRight, Star } from "lucide-react";
import { Link } from "react-router";
import type { FeaturedRide } from "~/domain/content";
import { featuredLinkTarget } from "~/domain/featured-link";
import { ResponsiveImage } from "./responsive-image";

type FeaturedBannerProps = {
  featured: FeaturedRide;
  /** Where a button without a link of its own goes: the first upcoming ride, if any. */
  firstUpcomingRideId: string | null;
};

/**
 * The featured-ride banner of the upcoming page (product.md#featured-banner); the page shows it
 * only while it is active.
 */
export function FeaturedBanner({ featured, firstUpcomingRideId }: FeaturedBannerProps) {
  const target = featuredLinkTarget(featured.ctaLink, firstUpcomingRideId);
  const buttonClass =
    "inline-flex min-h-12 items-center gap-2 rounded-full bg-brand-600 px-6 font-semibold text-white shadow-lg transition-colors hover:bg-brand-700";
  const buttonContent = (
    <>
      {featured.ctaText}
      <ArrowRight aria-hidden="true" className="size-5" />
    </>
  );

  return (
    <section aria-labelledby="featured-ride-title" data-testid="featured-banner" className="bg-sand-100">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:px-6 lg:px-8">
        <div className="grid overflow-hidden rounded-card bg-ink-900 text-white shadow-card md:grid-cols-2">
          {featured.image && (
            <div className="relative aspect-16/10 md:aspect-auto md:min-h-80">
              <ResponsiveImage
                src={featured.image}
                alt=""
                width={960}
                height={600}
                sizes="(min-width: 1280px) 620px, (min-width: 768px) 50vw, 100vw"
                className="absolute inset-0 size-full object-cover"
              />
            </div>
          )}
          <div className={`flex flex-col justify-center p-8 sm:p-10 ${featured.image ? "" : "md:col-span-2"}`}>
            <p className="inline-flex items-center gap-2 text-sm font-semibold tracking-[0.2em] text-brand-300 uppercase">
              <Star aria-hidden="true" className="size-4" />
              Featured ride
            </p>
            <h2 id="featured-ride-title" className="mt-3 text-title font-extrabold">
              {featured.title}
            </h2>
            <p className="mt-2 text-xl font-semibold text-brand-200">{featured.subtitle}</p>
            <p className="mt-4 leading-relaxed text-ink-200">{featured.description}</p>
            <div className="mt-8">
              {target.external ? (
                <a href={target.href} target="_blank" rel="noopener noreferrer" className={buttonClass}>
                  {buttonContent}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              ) : (
                <Link to={target.href} className={buttonClass}>
                  {buttonContent}
                </Link>
              )}
            </div>
          </div>
        </div>
      </div>
    </section>
  );
}
