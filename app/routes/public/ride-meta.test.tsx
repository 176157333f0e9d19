import { renderToString } from "react-dom/server";
import { createRoutesStub, Meta, Outlet } from "react-router";
import { describe, expect, it } from "vitest";
import { rideForDisplay } from "~/domain/defaults";
import { FALLBACK_RIDES } from "~/domain/fallback-content";
import { meta } from "./ride";

// The ride page's <head> as React Router renders it from the route's `meta`.

function renderHead(ride: (typeof FALLBACK_RIDES)[number], companyName = "Roadbook Riders"): string {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: () => (
        <>
          <Meta />
          <Outlet />
        </>
      ),
      children: [
        {
          id: "routes/public/layout",
          Component: Outlet,
          children: [{ id: "routes/public/ride", path: "ride/:rideId", meta: meta as never, Component: () => null }],
        },
      ],
    },
  ]);
  return renderToString(
    <Stub
      initialEntries={[`/ride/${ride.id}`]}
      hydrationData={{
        loaderData: {
          "routes/public/layout": { config: { company: { name: companyName } } },
          "routes/public/ride": {
            ride: rideForDisplay(ride),
            similar: [],
            sample: false,
            origin: "https://rides.example",
          },
        },
      }}
    />,
  );
}

const sample = FALLBACK_RIDES[0]!;

describe("ride page head", () => {
  it("has the Open Graph, Twitter and canonical tags with absolute URLs and the company as site name", () => {
    const head = renderHead(sample);
    expect(head).toContain(`<link rel="canonical" href="https://rides.example/ride/${sample.id}"/>`);
    expect(head).toContain(`<meta property="og:url" content="https://rides.example/ride/${sample.id}"/>`);
    expect(head).toMatch(
      new RegExp(
        `<meta property="og:image" content="https://rides\\.example/share/ride/${sample.id}/[0-9a-f]{16}\\.jpg"/>`,
      ),
    );
    expect(head).toContain('<meta property="og:image:type" content="image/jpeg"/>');
    expect(head).toContain('<meta property="og:site_name" content="Roadbook Riders"/>');
    expect(head).toContain('<meta name="twitter:card" content="summary_large_image"/>');
  });

  it("keeps ride text inside the JSON-LD script: '<' is escaped, so '</script>' cannot end it", () => {
    const title = 'Monsoon </script><script>alert("x")</script> Ride';
    const head = renderHead({ ...sample, title, description: "<!-- not a comment --> & more" });
    const scripts = [...head.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    const json = scripts[0]![1]!;
    expect(json).not.toContain("<");
    expect(JSON.parse(json)).toMatchObject({
      "@type": "Event",
      name: title,
      description: "<!-- not a comment --> & more",
    });
    expect(head).not.toContain("<script>alert");
  });
});
