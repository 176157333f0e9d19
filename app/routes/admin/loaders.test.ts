import pino from "pino";
import { RouterContextProvider } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { servicesContext, type AppServices } from "~/context";
import { FALLBACK_CONFIG } from "~/domain/defaults";
import { CONFIG_MESSAGES, FEATURED_MESSAGES, RIDE_MESSAGES, SLIDE_MESSAGES, STATS_MESSAGES } from "~/domain/messages";
import { openDatabase } from "~/server/db/database.server";
import { readEnv } from "~/server/env.server";
import { loader as contactLoader } from "./contact";
import { loader as featuredLoader } from "./featured";
import { loader as heroLoader } from "./hero";
import { loader as ridesLoader } from "./rides";
import { loader as statsLoader } from "./stats";

// product.md#messages, #admin-contact: an admin page whose data fails to load shows its message (and, for the contact
// information, the fallback company data) instead of an error page, and the failure is
// logged. A database without tables fails every query, as a broken connection would.

const closers: (() => Promise<void>)[] = [];
afterEach(async () => {
  while (closers.length > 0) await closers.pop()!();
});

function brokenDatabaseArgs(url = "http://localhost/admin") {
  const { db } = openDatabase({ sqlitePath: ":memory:" });
  closers.push(() => db.destroy());
  const logged: string[] = [];
  const logger = pino({ level: "error" }, { write: (line: string) => logged.push(line) });
  const context = new RouterContextProvider();
  context.set(servicesContext, { db, env: readEnv({}), logger } as AppServices);
  return { args: { context, request: new Request(url), params: {} } as never, logged };
}

describe("admin page loaders when the database fails", () => {
  it("Ride Management: 'Failed to load rides' and empty sections", async () => {
    const { args, logged } = brokenDatabaseArgs("http://localhost/admin/rides?edit=x");
    expect(await ridesLoader(args)).toMatchObject({
      loadError: RIDE_MESSAGES.loadFailed,
      sections: { upcoming: [], completed: [], cancelled: [] },
      form: null,
    });
    expect(logged).toHaveLength(1);
  });

  it("Hero Section: 'Failed to load hero slides'", async () => {
    const { args } = brokenDatabaseArgs();
    expect(await heroLoader(args)).toMatchObject({ loadError: SLIDE_MESSAGES.loadFailed, slides: [] });
  });

  it("Featured Ride: 'Error loading featured ride data'", async () => {
    const { args } = brokenDatabaseArgs();
    expect(await featuredLoader(args)).toEqual({ featured: null, loadError: FEATURED_MESSAGES.loadError });
  });

  it("Contact Info: 'Failed to load configuration', then the fallback company data", async () => {
    const { args } = brokenDatabaseArgs();
    expect(await contactLoader(args)).toEqual({ config: FALLBACK_CONFIG, loadError: CONFIG_MESSAGES.loadFailed });
  });

  it("Statistics: 'Failed to load statistics'", async () => {
    const { args } = brokenDatabaseArgs();
    expect(await statsLoader(args)).toEqual({ figures: null, loadError: STATS_MESSAGES.loadFailed });
  });
});
