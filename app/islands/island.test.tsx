import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ResponsiveImage } from "~/components/responsive-image";
import { BookingBar } from "~/components/ride/booking-bar";
import { Island } from "./island";

/** A stand-in island whose root React gives a preload, as it does for a priority image. */
const WithPriorityImage = (() => (
  <ResponsiveImage src="/images/demo/ladakh.webp" alt="" width={1600} height={900} priority />
)) as unknown as typeof BookingBar;

const BAR_PROPS = { price: "₹24,500", registerHref: "/ride/x/register" };

describe("Island", () => {
  it("renders the component as a root of its own, with its name, props and id prefix beside it", () => {
    const html = renderToString(<Island name="booking-bar" component={BookingBar} props={BAR_PROPS} instance="r1" />);
    expect(html).toMatch(
      /^<rb-island data-island="booking-bar" data-hydrate="[a-z]+" data-id-prefix="booking-bar-r1-"/,
    );
    expect(html).toContain("data-props=");
    expect(html).toContain('href="/ride/x/register"');
  });

  it("hydrates on interaction unless told otherwise (decision 057)", () => {
    const html = (hydrate?: "visible") =>
      renderToString(<Island name="booking-bar" component={BookingBar} props={BAR_PROPS} hydrate={hydrate} />);
    expect(html()).toContain('data-hydrate="interaction"');
    expect(html("visible")).toContain('data-hydrate="visible"');
  });

  it("writes its props as JSON the islands runtime reads back", () => {
    const props = { price: "₹24,500 & more", registerHref: '/ride/x/register?from="bar"' };
    const html = renderToString(<Island name="booking-bar" component={BookingBar} props={props} />);
    const written = /data-props="([^"]*)"/.exec(html)![1]!.replaceAll("&quot;", '"').replaceAll("&amp;", "&");
    expect(JSON.parse(written)).toEqual(props);
  });

  it("leaves out the preloads React writes ahead of a root's markup (they would sit mid-body)", () => {
    const html = renderToString(<Island name="booking-bar" component={WithPriorityImage} props={BAR_PROPS} />);
    expect(html).not.toContain('rel="preload"');
    expect(html).toContain('fetchPriority="high"');
  });
});
