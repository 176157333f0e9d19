import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HERO_INTERVAL_MS } from "~/domain/constants";
import type { HeroSlide } from "~/domain/content";
import { DocumentInfoProvider } from "./document-info";
import { HeroCarousel } from "./hero-carousel";
import { inlineHeroCarouselScript } from "./hero-carousel-script";

const slide = (id: string, background: string): HeroSlide => ({
  id,
  title: `Slide ${id}`,
  subtitle: "Ladakh",
  tagline: "Twelve days",
  cta: "Book now",
  background,
  isActive: true,
  order: 0,
  createdAt: "",
  updatedAt: "",
});

const render = (slides: HeroSlide[]) =>
  renderToString(
    <DocumentInfoProvider value={{ requestId: undefined, nonce: "n0nce" }}>
      <HeroCarousel slides={slides} ctaHref="/ride/x" learnMoreHref="/about" />
    </DocumentInfoProvider>,
  );

describe("HeroCarousel (decision 057)", () => {
  it("is no island: the server's markup and its script, with the page's nonce, right after it", () => {
    const html = render([slide("a", "/images/demo/a.webp"), slide("b", "/images/demo/b.webp")]);
    expect(html).not.toContain("rb-island");
    expect(html).toMatch(/<\/section><script nonce="n0nce">\(function startHeroCarousel/);
    expect(html).toContain(`previousElementSibling, ${HERO_INTERVAL_MS});</script>`);
  });

  it("loads the first slide's photo alone: the others wait in a template (and a noscript)", () => {
    const html = render([slide("a", "/images/demo/a.webp"), slide("b", "/images/demo/b.webp")]);
    const [first, second] = html.split('role="group"').slice(1);
    expect(first).toMatch(/<picture><img [^>]*fetchPriority="high"/);
    expect(first).not.toContain("<template");
    expect(second).toMatch(/<template data-photo="true"><img [^>]*b\.webp/);
    expect(second).toMatch(/<noscript><img [^>]*b\.webp/);
  });

  it("draws no control for a single slide, and nothing without slides", () => {
    expect(render([slide("a", "/images/demo/a.webp")])).not.toContain("<button");
    expect(render([])).toBe("");
  });
});

describe("the carousel's inline script", () => {
  it("is a classic script that refers to nothing outside itself and cannot close its element", () => {
    const code = inlineHeroCarouselScript(HERO_INTERVAL_MS);
    expect(() => new Function(code)).not.toThrow();
    expect(code).not.toContain("</");
    // Free names other than the browser's would be imports or module helpers, absent from the page.
    expect(code).not.toMatch(/\b(?:import|require|exports|__vite|_interop)\b/);
  });
});
