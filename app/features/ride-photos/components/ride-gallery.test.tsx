import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { GalleryPhoto } from "../domain/photo";
import { RideGallery } from "./ride-gallery";

const photos: GalleryPhoto[] = [
  { id: "a", image: "/images/1764000000000_summit_3000x2000.jpg", caption: "Summit at dawn", credit: "", cover: true },
  { id: "b", image: "/images/1764000000001_river_1200x900.jpg", caption: "", credit: "Asha", cover: false },
];

describe("a ride's gallery on its page", () => {
  it("is not drawn for a ride without photos", () => {
    expect(renderToString(<RideGallery photos={[]} />)).toBe("");
  });

  it("is a grid of plain links to each full image, with lazy right-sized thumbnails", () => {
    const html = renderToString(<RideGallery photos={photos} />);
    expect(html).toContain('id="photos"');
    expect(html).toContain("2 photos");
    expect(html).toContain('href="/images/1764000000000_summit_3000x2000.jpg"');
    expect(html).toContain('href="/images/1764000000001_river_1200x900.jpg"');
    expect(html).toContain('loading="lazy"');
    expect(html).toContain("/images/w480/1764000000000_summit_3000x2000.jpg 480w");
    expect(html).toContain('sizes="(min-width: 1024px) 200px, (min-width: 640px) 30vw, 48vw"');
  });

  it("shows each caption and a rider's credit by first name, and names a photo without caption by its place", () => {
    const html = renderToString(<RideGallery photos={photos} />);
    expect(html).toContain('alt="Summit at dawn"');
    expect(html).toContain('alt="Photo 2 of 2"');
    expect(html).toContain("Photo: Asha");
  });

  it("is an island hydrated when it nears the screen, its lightbox closed until a photo is chosen", () => {
    const html = renderToString(<RideGallery photos={photos} />);
    expect(html).toContain('data-island="ride-gallery" data-hydrate="visible"');
    expect(html).toMatch(/<dialog[^>]*aria-label="Photo viewer"[^>]*><\/dialog>/);
    expect(html).not.toMatch(/<dialog[^>]* open/);
  });
});
