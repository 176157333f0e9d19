import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ResponsiveImage } from "./responsive-image";

/** The attributes of the markup's <img>, names lowercased as HTML reads them. */
function attributes(markup: string): Record<string, string> {
  const tag = /<img ([^>]*?)\/?>/.exec(markup)?.[1] ?? "";
  return Object.fromEntries(
    [...tag.matchAll(/([\w-]+)="([^"]*)"/g)].map((match) => [
      match[1]!.toLowerCase(),
      match[2]!.replaceAll("&amp;", "&"),
    ]),
  );
}

const UPLOAD = "/images/1763800000000_spiti_3000x2000.jpg";

describe("ResponsiveImage", () => {
  it("gives an upload a srcset of its WebP variants, sizes, and its own width and height", () => {
    const img = attributes(
      renderToStaticMarkup(<ResponsiveImage src={UPLOAD} alt="Spiti" sizes="(min-width: 768px) 33vw, 100vw" />),
    );
    expect(img).toMatchObject({
      src: "/images/w1600/1763800000000_spiti_3000x2000.jpg",
      srcset: [480, 960, 1600, 2400]
        .map((width) => `/images/w${width}/1763800000000_spiti_3000x2000.jpg ${width}w`)
        .join(", "),
      sizes: "(min-width: 768px) 33vw, 100vw",
      width: "3000",
      height: "2000",
      alt: "Spiti",
    });
  });

  it("loads lazily and decodes off the main thread unless it is the page's main image", () => {
    const lazy = attributes(renderToStaticMarkup(<ResponsiveImage src={UPLOAD} alt="" />));
    expect(lazy).toMatchObject({ loading: "lazy", decoding: "async" });
    expect(lazy.fetchpriority).toBeUndefined();
    const markup = renderToStaticMarkup(<ResponsiveImage src={UPLOAD} alt="" priority />);
    expect(attributes(markup)).toMatchObject({ loading: "eager", fetchpriority: "high" });
    // React also asks the browser to start fetching it from the document head.
    expect(markup).toMatch(
      /^<link rel="preload" as="image" imageSrcSet="[^"]+" imageSizes="100vw" fetchPriority="high"\/>/,
    );
  });

  it("uses the box the page gives over the upload's own size", () => {
    const img = attributes(renderToStaticMarkup(<ResponsiveImage src={UPLOAD} alt="" width={800} height={600} />));
    expect([img.width, img.height]).toEqual(["800", "600"]);
  });

  it("offers both bundled widths of a demo photo", () => {
    const img = attributes(
      renderToStaticMarkup(<ResponsiveImage src="/images/demo/ladakh.webp" alt="" width={1600} height={1200} />),
    );
    expect(img.srcset).toBe("/images/demo/ladakh-800.webp 800w, /images/demo/ladakh.webp 1600w");
    expect(img.sizes).toBe("100vw");
  });

  it("renders an external URL as a plain image with the same loading attributes", () => {
    const img = attributes(
      renderToStaticMarkup(
        <ResponsiveImage src="https://example.com/a.jpg?x=1&y=2" alt="A" width={400} height={300} />,
      ),
    );
    expect(img).toEqual({
      src: "https://example.com/a.jpg?x=1&y=2",
      alt: "A",
      width: "400",
      height: "300",
      loading: "lazy",
      decoding: "async",
    });
  });
});
