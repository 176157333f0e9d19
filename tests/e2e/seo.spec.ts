import { formatDateRange, parseIsoDate, toIsoDate } from "~/domain/dates";
import { FALLBACK_CONFIG } from "~/domain/defaults";
import { priceNumber } from "~/domain/ride-seo";
import { listPublicRides } from "~/server/rides/public-rides.server";
import { expect, test } from "./support/admin-fixtures.ts";
import { cancelledRide, publicRide, ridePath } from "./support/ride-helpers.ts";

// What crawlers and link previews get, read from the raw HTTP responses (no JavaScript):
// ride page meta tags and JSON-LD, sitemap.xml, robots.txt and the calendar file.

const RAJASTHAN = "Royal Rajasthan Desert Loop";

/** The content of every <meta property|name="key" content="…"> in the HTML, by key. */
function metaTags(html: string): Map<string, string> {
  const tags = new Map<string, string>();
  for (const [, key, content] of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)"\/>/g)) {
    tags.set(key!, content!.replaceAll("&#x27;", "'").replaceAll("&amp;", "&").replaceAll("&quot;", '"'));
  }
  return tags;
}

function jsonLd(html: string): Record<string, unknown> {
  const scripts = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)];
  expect(scripts).toHaveLength(1);
  return JSON.parse(scripts[0]![1]!) as Record<string, unknown>;
}

test.describe("SEO and sharing", () => {
  test("a ride page has title, description, canonical link, Open Graph and Twitter card tags with absolute URLs", async ({
    request,
    baseURL,
    e2eDb,
  }) => {
    const ride = await publicRide(e2eDb, RAJASTHAN);
    const html = await (await request.get(ridePath(ride))).text();
    const url = `${baseURL}${ridePath(ride)}`;
    const dates = formatDateRange(ride.startDate, ride.endDate);

    expect(html).toContain(`<title>${ride.title} · Roadbook</title>`);
    expect(html).toContain(`<link rel="canonical" href="${url}"/>`);
    const tags = metaTags(html);
    expect(tags.get("description")).toContain(dates);
    expect(tags.get("og:type")).toBe("article");
    expect(tags.get("og:title")).toBe(ride.title);
    expect(tags.get("og:description")).toMatch(new RegExp(`^${dates} · ${ride.duration} · ${ride.distance}\\. `));
    expect(tags.get("og:url")).toBe(url);
    const card = new RegExp(`^${baseURL}/share/ride/${ride.id}/[0-9a-f]{16}\\.jpg$`);
    expect(tags.get("og:image")).toMatch(card);
    expect(tags.get("og:image:type")).toBe("image/jpeg");
    expect(tags.get("og:image:width")).toBe("1200");
    expect(tags.get("og:image:height")).toBe("630");
    expect(tags.get("og:image:alt")).toBe(ride.title);
    expect(tags.get("og:site_name")).toBe(FALLBACK_CONFIG.company.name);
    expect(tags.get("twitter:card")).toBe("summary_large_image");
    expect(tags.get("twitter:title")).toBe(ride.title);
    expect(tags.get("twitter:image")).toBe(tags.get("og:image"));

    // The preview image is really there, a JPEG (some preview clients refuse anything else).
    const image = await request.get(tags.get("og:image")!);
    expect(image.status()).toBe(200);
    expect(image.headers()["content-type"]).toBe("image/jpeg");
  });

  test("a ride page has a schema.org Event in JSON-LD with dates, organizer and an INR offer", async ({
    request,
    baseURL,
    e2eDb,
  }) => {
    const ride = await publicRide(e2eDb, RAJASTHAN);
    const event = jsonLd(await (await request.get(ridePath(ride))).text());
    expect(event).toEqual({
      "@context": "https://schema.org",
      "@type": "Event",
      name: ride.title,
      description: ride.description,
      url: `${baseURL}${ridePath(ride)}`,
      startDate: ride.startDate,
      endDate: ride.endDate,
      eventStatus: "https://schema.org/EventScheduled",
      eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
      image: [`${baseURL}${ride.image}`],
      organizer: { "@type": "Organization", name: FALLBACK_CONFIG.company.name, url: `${baseURL}/` },
      performer: { "@type": "Organization", name: FALLBACK_CONFIG.company.name, url: `${baseURL}/` },
      // No route and no starting place: the community's own location (decision 009, note of 2026-11-26).
      location: {
        "@type": "Place",
        name: FALLBACK_CONFIG.company.location,
        address: { "@type": "PostalAddress", streetAddress: FALLBACK_CONFIG.company.location },
      },
      offers: {
        "@type": "Offer",
        price: priceNumber(ride.tripCost),
        priceCurrency: "INR",
        url: `${baseURL}${ridePath(ride)}`,
        availability: "https://schema.org/InStock",
        validFrom: ride.createdAt,
        validThrough: ride.lastBookingDate,
      },
    });
    expect(priceNumber(ride.tripCost)).toBeGreaterThan(0);
  });

  test("sitemap.xml lists the public pages and every upcoming and completed ride with lastmod, never a cancelled one", async ({
    request,
    baseURL,
    e2eDb,
  }) => {
    const rides = await listPublicRides(e2eDb);
    const cancelled = await cancelledRide(e2eDb);
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    expect(xml).toMatch(
      /^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/,
    );
    for (const page of ["/", "/previous", "/about", "/contact"])
      expect(xml).toContain(`<url><loc>${baseURL}${page}</loc></url>`);
    expect(rides.some((ride) => ride.status === "upcoming") && rides.some((ride) => ride.status === "completed")).toBe(
      true,
    );
    for (const ride of rides) {
      expect(xml).toContain(`<url><loc>${baseURL}${ridePath(ride)}</loc><lastmod>${ride.updatedAt}</lastmod></url>`);
    }
    expect(xml).not.toContain(cancelled.id);
  });

  test("robots.txt allows everything but the admin portal and names the sitemap's absolute URL", async ({
    request,
    baseURL,
  }) => {
    const response = await request.get("/robots.txt");
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    expect(await response.text()).toBe(
      `User-agent: *\nAllow: /\nDisallow: /admin\n\nSitemap: ${baseURL}/sitemap.xml\n`,
    );
  });

  test("the ride page links to its calendar file, an RFC 5545 all-day event", async ({
    page,
    request,
    baseURL,
    e2eDb,
  }) => {
    const ride = await publicRide(e2eDb, RAJASTHAN);
    await page.goto(ridePath(ride));
    const link = page.getByRole("link", { name: "Add to calendar" });
    await expect(link).toHaveAttribute("href", `${ridePath(ride)}/calendar.ics`);

    const response = await request.get(`${ridePath(ride)}/calendar.ics`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    expect(response.headers()["content-disposition"]).toBe('attachment; filename="royal-rajasthan-desert-loop.ics"');
    const ics = await response.text();
    const physicalLines = ics.split("\r\n");
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(physicalLines.every((line) => !line.includes("\n") && Buffer.byteLength(line) <= 75)).toBe(true);
    const lines = ics.replace(/\r\n /g, "").split("\r\n");
    const dayAfterEnd = toIsoDate(new Date(parseIsoDate(ride.endDate)!.getTime() + 86_400_000));
    expect(lines).toEqual(
      expect.arrayContaining([
        "BEGIN:VCALENDAR",
        "VERSION:2.0",
        "BEGIN:VEVENT",
        `DTSTART;VALUE=DATE:${ride.startDate.replaceAll("-", "")}`,
        `DTEND;VALUE=DATE:${dayAfterEnd.replaceAll("-", "")}`,
        `SUMMARY:${ride.title}`,
        `URL:${baseURL}${ridePath(ride)}`,
        "END:VEVENT",
        "END:VCALENDAR",
      ]),
    );
    expect(lines.find((line) => line.startsWith("UID:"))).toBe(`UID:ride-${ride.id}@${new URL(baseURL!).host}`);
    expect(lines.find((line) => line.startsWith("DTSTAMP:"))).toMatch(/^DTSTAMP:\d{8}T\d{6}Z$/);
    expect(lines.find((line) => line.startsWith("DESCRIPTION:"))).toContain(ride.description.replaceAll(",", "\\,"));
  });

  test("there is no calendar file for an unknown or a cancelled ride", async ({ request, e2eDb }) => {
    expect((await request.get("/ride/no-such-ride/calendar.ics")).status()).toBe(404);
    expect((await request.get(`${ridePath(await cancelledRide(e2eDb))}/calendar.ics`)).status()).toBe(404);
  });
});
