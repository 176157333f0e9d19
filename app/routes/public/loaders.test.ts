import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { servicesContext, type AppServices } from "~/context";
import { FALLBACK_CONFIG } from "~/domain/defaults";
import { FALLBACK_SLIDES, fallbackRides } from "~/domain/fallback-content";
import { rideSummary } from "~/domain/ride-summary";
import { FALLBACK_STATS } from "~/domain/stats";
import { openDatabase } from "~/server/db/database.server";
import { migrateToLatest } from "~/server/db/migrate.server";
import { readEnv } from "~/server/env.server";
import { saveFeaturedRide } from "~/server/content/featured.server";
import { loader as contactLoader } from "./contact";
import { loader as layoutLoader } from "./layout";
import { loader as previousLoader } from "./previous";
import { loader as upcomingLoader } from "./upcoming";

// product.md#public-fallbacks: a public page whose data fails to load logs the failure and shows fallback
// content. A database without tables fails every query, as a broken connection would.

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

async function pageContext({ migrated }: { migrated: boolean }) {
  const { db } = openDatabase({ sqlitePath: ":memory:" });
  closers.push(() => db.destroy());
  if (migrated) await migrateToLatest(db);
  const errors: { what: string; msg: string }[] = [];
  const logger = pino({ level: "error" }, { write: (line: string) => errors.push(JSON.parse(line)) });
  const context = new RouterContextProvider();
  // Public pages never touch uploads, so no storage is opened.
  context.set(servicesContext, { db, env: readEnv({}), logger } as AppServices);
  // Loaders of these pages read nothing but the context.
  const args = { context, request: new Request("http://localhost/"), params: {} } as never;
  return { db, args, errors };
}

describe("public page loaders when the database fails", () => {
  it("layout: logs and falls back to the sample configuration", async () => {
    const { args, errors } = await pageContext({ migrated: false });
    const data = await layoutLoader(args);
    expect(data.config).toEqual(FALLBACK_CONFIG);
    expect(errors.map((error) => error.what)).toEqual(["configuration"]);
  });

  it("upcoming: logs each failure and shows sample rides and slides, no banner", async () => {
    const { args, errors } = await pageContext({ migrated: false });
    const data = await upcomingLoader(args);
    expect(data.rides).toEqual(fallbackRides("upcoming").map(rideSummary));
    expect(data.slides).toEqual(FALLBACK_SLIDES);
    expect(data.featured).toBeNull();
    expect(errors.map((error) => error.what).sort()).toEqual(["featured ride", "hero slides", "upcoming rides"]);
  });

  it("previous: logs and shows sample rides and the fallback statistics", async () => {
    const { args, errors } = await pageContext({ migrated: false });
    const data = await previousLoader(args);
    // No photo counts, covers or ratings either: the page shows the rides without them.
    expect(data.rides).toEqual(
      fallbackRides("completed").map((ride) => Object.assign(rideSummary(ride), { facts: {} })),
    );
    await expect(data.stats).resolves.toEqual(FALLBACK_STATS);
    expect(errors.map((error) => error.what).sort()).toEqual([
      "completed rides",
      "photo counts",
      "ride covers",
      "ride ratings",
      "statistics",
    ]);
  });

  it("contact: logs and shows the fallback company data", async () => {
    const { args, errors } = await pageContext({ migrated: false });
    const data = await contactLoader(args);
    expect(data.config).toEqual(FALLBACK_CONFIG);
    expect(errors).toHaveLength(1);
  });
});

describe("public page loaders on an empty database", () => {
  it("show no rides, slides or banner, and log nothing", async () => {
    const { args, errors } = await pageContext({ migrated: true });
    const upcoming = await upcomingLoader(args);
    expect(upcoming).toEqual({
      rides: [],
      slides: [],
      featured: null,
      calendarFeed: "webcal://localhost:3000/rides.ics",
    });
    const previous = await previousLoader(args);
    expect(previous.rides).toEqual([]);
    expect(errors).toEqual([]);
  });
});

describe("upcoming loader: the featured banner (product.md#upcoming-page: shown only when active)", () => {
  const banner = {
    title: "Ride of the month",
    subtitle: "Spiti",
    description: "Cold desert loop",
    ctaText: "Know More",
    ctaLink: "",
  };

  it("passes an active banner to the page", async () => {
    const { db, args } = await pageContext({ migrated: true });
    await saveFeaturedRide(db, { ...banner, isActive: true });
    expect((await upcomingLoader(args)).featured).toMatchObject({ title: "Ride of the month", isActive: true });
  });

  it("leaves out an inactive banner", async () => {
    const { db, args } = await pageContext({ migrated: true });
    await saveFeaturedRide(db, { ...banner, isActive: false });
    expect((await upcomingLoader(args)).featured).toBeNull();
  });
});

describe("previous loader: pages (product.md#previous-page)", () => {
  const at = (url: string, args: object) => ({ ...args, request: new Request(`http://localhost${url}`) }) as never;

  /** Where a redirect the loader threw leads. */
  async function redirected(promise: Promise<unknown>): Promise<string | null> {
    try {
      await promise;
      return null;
    } catch (error) {
      return error instanceof Response ? error.headers.get("Location") : null;
    }
  }

  it("sends a page that is not a page, or past the last one, to the first page", async () => {
    const { args } = await pageContext({ migrated: true });
    for (const url of [
      "/previous?page=0",
      "/previous?page=abc",
      "/previous?page=2",
      "/previous?page=99999999999999999999",
    ]) {
      expect(await redirected(previousLoader(at(url, args))), url).toBe("/previous");
    }
    expect(await previousLoader(at("/previous?page=1", args))).toMatchObject({ page: 1, pages: 1 });
  });
});
