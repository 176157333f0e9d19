import type { Ride } from "~/domain/ride";
import type { Executor } from "../db/schema.server";

// What the features add to the public pages (decision 050), listed by place in
// app/features/slots/: a part of a page's data (the ride page's, About's, the completed ride
// cards'), read beside the page's own; and the image of a ride that has none of its own.

/** A feature's part of a page's data, shown by the component of the same name in the place's client list. */
export type PagePart<Args, Data> = {
  /** Its folder under app/features: its key in the page's data and in the place's list of components. */
  name: string;
  /** What the log calls it when it fails to load: the page then goes without it. */
  label: string;
  load(args: Args): Promise<Data>;
};

/** The parts' data by name; a part that failed to load is absent. */
export type PartsData<Parts extends readonly PagePart<never, unknown>[]> = {
  [Part in Parts[number] as Part["name"]]?: Awaited<ReturnType<Part["load"]>>;
};

/** A feature's image for rides that have none of their own (the gallery's cover), by ride; a ride without one is absent. */
export type RideCovers = (db: Executor, rideIds: readonly string[]) => Promise<Map<string, string>>;

/** What the ride page's parts read from (app/features/slots/ride-page.server.ts). */
export type RidePageArgs = { db: Executor; ride: Ride; now: Date };
/** What About's parts read from (app/features/slots/about-page.server.ts). */
export type AboutPageArgs = { db: Executor; now: Date };
/** What a page of completed ride cards' parts read from (app/features/slots/ride-cards.server.ts): each answers by ride. */
export type RideCardsArgs = { db: Executor; rideIds: readonly string[] };
