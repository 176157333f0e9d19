import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { HeroCarousel } from "~/components/hero-carousel";
import { VehicleIconSwitch } from "~/components/vehicle-icon-switch";
import { Island } from "./island";

const slide = {
  id: "s1",
  title: "Ride the Himalayas",
  subtitle: "Ladakh",
  tagline: "Twelve days",
  cta: "Book now",
  background: "/images/demo/ladakh.webp",
  isActive: true,
  order: 0,
  createdAt: "",
  updatedAt: "",
};

describe("Island", () => {
  it("renders the component as a root of its own, with its name, props and id prefix beside it", () => {
    const html = renderToString(<Island name="vehicle-icon" component={VehicleIconSwitch} props={{}} instance="r1" />);
    expect(html).toMatch(
      /^<rb-island data-island="vehicle-icon" data-hydrate="load" data-id-prefix="vehicle-icon-r1-"/,
    );
    expect(html).toContain('data-props="{}"');
    expect(html).toContain('data-vehicle="motorbike"');
  });

  it("writes its props as JSON the islands runtime reads back", () => {
    const props = { slides: [slide], ctaHref: "/ride/x", learnMoreHref: "/about" };
    const html = renderToString(<Island name="hero-carousel" component={HeroCarousel} props={props} />);
    const written = /data-props="([^"]*)"/.exec(html)![1]!.replaceAll("&quot;", '"').replaceAll("&amp;", "&");
    expect(JSON.parse(written)).toEqual(props);
  });

  it("leaves out the preloads React writes ahead of a root's markup (they would sit mid-body)", () => {
    const props = { slides: [slide], ctaHref: "/ride/x", learnMoreHref: "/about" };
    const html = renderToString(<Island name="hero-carousel" component={HeroCarousel} props={props} />);
    expect(html).not.toContain('rel="preload"');
    expect(html).toContain('fetchPriority="high"');
  });
});
