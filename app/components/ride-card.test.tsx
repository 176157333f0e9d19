import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { FALLBACK_RIDES } from "~/domain/fallback-content";
import { type RideCardData, type RideSummary, rideSummary } from "~/domain/ride-summary";
import { RideCard, type RideCardProps } from "./ride-card";

const ride: RideSummary = {
  id: "r1",
  title: "Spiti Valley Circuit",
  startDate: "2027-06-12",
  endDate: "2027-06-20",
  image: "/images/demo/spiti.webp",
  description: "Cold desert loop",
  distance: "1,250 km",
  participants: 12,
  tripCost: "32000",
  price: "",
  instagramUrl: "",
  youtubeUrl: "",
};

function render(props: Omit<Partial<RideCardProps>, "ride"> & { ride?: Partial<RideCardData> } = {}) {
  const { ride: overrides, ...rest } = props;
  return renderToString(
    <MemoryRouter>
      <RideCard {...rest} ride={{ ...ride, ...overrides }} />
    </MemoryRouter>,
  );
}

const costBadge = (html: string) => /data-testid="cost-badge"[^>]*>([^<]*)</.exec(html)?.[1] ?? null;

describe("RideCard, upcoming (product.md#ride-cards, #costs: cost badge)", () => {
  it("shows duration, distance, title, date range and a View Details link to the ride", () => {
    const html = render();
    expect(html).toContain("9D 8N");
    expect(html).toContain("1,250 km");
    expect(html).toContain("Spiti Valley Circuit");
    expect(html).toContain("12th - 20th June 2027");
    expect(html).toMatch(/<a[^>]*href="\/ride\/r1"[^>]*>View Details/);
  });

  it.each([[""], ["0"], ["₹0"]])("hides the cost badge for a trip cost of %j", (tripCost) => {
    expect(costBadge(render({ ride: { tripCost } }))).toBeNull();
  });

  it("prefixes the cost badge with ₹ and prefers tripCost over the legacy price", () => {
    expect(costBadge(render({ ride: { tripCost: "4500", price: "9000" } }))).toBe("₹4500");
    expect(costBadge(render({ ride: { tripCost: "", price: "9000" } }))).toBe("₹9000");
  });

  it("says 'Date TBD' without a start date, and 'Duration TBD' and 'Distance TBD' without the values", () => {
    const html = render({ ride: { startDate: "", endDate: "", distance: "" } });
    expect(html).toContain("Date TBD");
    expect(html).toContain("Duration TBD");
    expect(html).toContain("Distance TBD");
  });

  it("loads the image lazily unless the card is in the first row, always with its size", () => {
    expect(render()).toMatch(/<img[^>]*width="800"[^>]*height="600"[^>]*loading="lazy"/);
    expect(render({ priority: true })).toMatch(/<img[^>]*loading="eager"/);
  });
});

describe("RideCard, completed (product.md#ride-cards: completed ride cards)", () => {
  it("shows the Completed badge and the riders count, and no cost or View Details", () => {
    const html = render({ variant: "completed" });
    expect(html).toContain("Completed");
    expect(html.replaceAll("<!-- -->", "")).toContain("12 riders");
    expect(costBadge(html)).toBeNull();
    expect(html).not.toContain("View Details");
  });

  it("links a present Instagram or YouTube link in a new tab, and makes a missing one a button", () => {
    const html = render({ variant: "completed", ride: { instagramUrl: "https://instagram.com/p/1", youtubeUrl: "" } });
    expect(html).toMatch(
      /<a href="https:\/\/instagram.com\/p\/1" target="_blank" rel="noopener noreferrer"[^>]*>.*?Instagram/,
    );
    expect(html).toMatch(/<button type="button"[^>]*>.*?YouTube/);
  });

  it("says a missing link is missing from the first paint, with or without JavaScript: a popover of its button", () => {
    const html = render({ variant: "completed", ride: { instagramUrl: "https://instagram.com/p/1", youtubeUrl: "" } });
    const target = /<button type="button" popoverTarget="([^"]+)"[^>]*>.*?YouTube/.exec(html)?.[1];
    expect(target).toBeDefined();
    expect(html).toMatch(
      new RegExp(
        `<div id="${target}" popover="auto" role="alert"[^>]*><p>YouTube video not available for this ride yet.</p>`,
      ),
    );
    expect(html).not.toContain("data-island");
  });

  it("counts the ride's photos as a link to its gallery, and says nothing of a ride without any", () => {
    const html = render({ variant: "completed", ride: { facts: { "ride-photos": 24 } } }).replaceAll("<!-- -->", "");
    expect(html).toMatch(/<a href="\/ride\/r1#photos"[^>]*>24 photos<\/a>/);
    expect(render({ variant: "completed", ride: { facts: {} } })).not.toContain("photos-count");
    expect(render({ variant: "upcoming", ride: { facts: { "ride-photos": 3 } } })).not.toContain("photos-count");
  });
});

describe("RideCard from a ride summary (what listing pages send to the browser)", () => {
  const whole = {
    ...FALLBACK_RIDES[0]!,
    instagramUrl: "https://instagram.com/p/1",
    youtubeUrl: "https://youtube.com/watch?v=1",
    highlights: ["Key Monastery at dawn"],
    itinerary: [{ day: 1, title: "Manali to Kaza", description: "Over Kunzum La", distance: "200 km", activities: [] }],
    cancellationPolicy: "Credit note only, never a refund",
  };
  const card = (ride: RideSummary, variant: RideCardProps["variant"]) =>
    renderToString(
      <MemoryRouter>
        <RideCard ride={ride} variant={variant} />
      </MemoryRouter>,
    );

  it.each(["upcoming", "completed"] as const)("is the same %s card as one drawn from the whole ride", (variant) => {
    expect(card(rideSummary(whole), variant)).toBe(card(whole, variant));
  });

  it("leaves out what only the ride page shows", () => {
    const sent = JSON.stringify(rideSummary(whole));
    expect(sent).not.toContain("Key Monastery at dawn");
    expect(sent).not.toContain("Credit note only");
    expect(sent).not.toContain("Kunzum La");
  });
});

describe("RideCard seats (decision 020)", () => {
  const seats = (html: string) => /data-testid="seats-left"[^>]*>.*?<\/svg>([^<]*)</.exec(html)?.[1] ?? null;

  it("shows the seats text of an upcoming ride taking registrations here", () => {
    expect(seats(render({ ride: { seats: "12 seats left" } }))).toBe("12 seats left");
    expect(seats(render({ ride: { seats: "Full — join the waitlist" } }))).toBe("Full — join the waitlist");
  });

  it("shows none for a ride on its external form, nor on a completed ride's card", () => {
    expect(seats(render({ ride: { seats: null } }))).toBeNull();
    expect(seats(render())).toBeNull();
    expect(seats(render({ variant: "completed", ride: { seats: "Registration closed" } }))).toBeNull();
  });
});
