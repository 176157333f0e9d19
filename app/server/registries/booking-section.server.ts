import type { data, RouterContextProvider } from "react-router";
import type { AppServices } from "~/context";
import type { Dues } from "~/domain/registration/dues";
import type { Ride } from "~/domain/ride";
import type { Registration } from "../registrations/rows.server";
import type { FeatureServer } from "./feature.server";

// A feature's part of the rider's private booking page (routes/public/booking.tsx, decision 050):
// what its section shows, read by the page's loader, and the forms it posts, answered by the
// page's action. Their components are the booking page's slot list (app/features/slots/booking-page.tsx).

type Context = Readonly<RouterContextProvider>;

/** What a page's parts read from, whatever the page (this one, the register page). */
export type PageRead = {
  services: AppServices;
  request: Request;
  context: Context;
  /**
   * A read of the request that several parts need (the signed-in rider), done once for the
   * page: every part passing the same function gets the same answer.
   */
  shared<T>(read: (request: Request, context: Context) => Promise<T>): Promise<T>;
};

/** What every section's reading starts from: the booking the link opened, its ride and what it owes. */
export type BookingPageRead = PageRead & { registration: Registration; ride: Ride | null; dues: Dues };

/** A refused form on the page: which one, what the rider typed and the messages (components/registration/booking-page.tsx). */
export type BookingRefusal = {
  intent: string;
  values: Record<string, string>;
  errors: Record<string, string>;
  formError?: string;
};

/** What the page shows of the action's answer: a refusal, or a link shown once (a seat transfer's). */
export type BookingAnswerData = BookingRefusal & { transferLink?: string };

/** What the action answers: a redirect, or the page again with its answer. */
export type BookingAnswer = Response | ReturnType<typeof data<BookingAnswerData>>;

/**
 * One form the section posts, once the link opened a booking and the change was let through
 * (throttle.server.ts): its fields read, no larger than a small form. A ValidationError it
 * throws is the form's refusal, a NotFoundError the link's; the page answers both.
 */
export type BookingIntent<Notice extends string = string> = (change: {
  services: AppServices;
  request: Request;
  context: Context;
  token: string;
  registration: Registration;
  intent: string;
  values: Record<string, string>;
  /** Back to the page, which says `notice` (one of the section's notices). */
  done: (notice: Notice) => Response;
}) => Promise<BookingAnswer>;

/**
 * A form whose body the section reads itself, by its own bounds (a photo upload): named by the
 * `intent` in the address, answered before the page reads any body, and left to throttle and
 * answer its own refusals.
 */
export type BookingUpload<Notice extends string = string> = (upload: {
  services: AppServices;
  request: Request;
  token: string;
  clientIp: string;
  requestId: string;
  done: (notice: Notice) => Response;
}) => Promise<BookingAnswer>;

export type BookingSection<Part = unknown, Notice extends string = string> = {
  /** What the section shows, merged into the page's loader data (its keys are the section's own). */
  load(page: BookingPageRead): Promise<Part>;
  /** The notices its changes end with (`?done=<notice>`), by name. */
  notices?: Record<Notice, string>;
  /** Its forms, by intent. */
  intents?: Record<string, BookingIntent<Notice>>;
  /** Its forms read by their own bounds, by the intent in the address. */
  uploads?: Record<string, BookingUpload<Notice>>;
};

/** A section, its notices' names checked against what its intents end with. */
export function bookingSection<Part, const Notice extends string = never>(
  section: BookingSection<Part, Notice>,
): BookingSection<Part, Notice> {
  return section;
}

type PartOf<F> = F extends { bookingPage: BookingSection<infer Part, string> } ? Part : never;
/** The intersection of a union's members: every feature's part in one object. */
export type Merged<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void ? I : never;

/**
 * A page's reads of the request that several features need (the signed-in rider), each done once:
 * every caller passing the same function gets the same answer.
 */
export function sharedReads(request: Request, context: Context) {
  const reads = new Map<unknown, Promise<unknown>>();
  return <T>(read: (request: Request, context: Context) => Promise<T>): Promise<T> => {
    if (!reads.has(read)) reads.set(read, read(request, context));
    return reads.get(read) as Promise<T>;
  };
}

/** Every section's part, read at once and merged: what the page's loader adds to the core's view. */
export async function loadBookingSections<const F extends readonly Pick<FeatureServer, "name" | "bookingPage">[]>(
  features: F,
  page: Omit<BookingPageRead, "shared">,
): Promise<Merged<PartOf<F[number]>>> {
  const shared = sharedReads(page.request, page.context);
  const parts = await Promise.all(features.map((feature) => feature.bookingPage?.load({ ...page, shared })));
  return Object.assign({}, ...parts) as Merged<PartOf<F[number]>>;
}

/**
 * The page's forms by intent (or its notices by name), the core's first: a Map, since the name
 * is the visitor's to write (`intent`, `?done=`) and an object would answer `__proto__` with
 * what it inherits. Two owners of one name is a mistake, refused when the page's module loads.
 */
export function namedOnce<T>(what: string, lists: readonly (Record<string, T> | undefined)[]): ReadonlyMap<string, T> {
  const byName = new Map<string, T>();
  for (const list of lists) {
    for (const [name, value] of Object.entries(list ?? {})) {
      if (byName.has(name)) throw new Error(`Two ${what} of the booking page are named "${name}"`);
      byName.set(name, value);
    }
  }
  return byName;
}

/** The sections of the features that have one, in the features' order. */
export function bookingSectionsOf(features: readonly Pick<FeatureServer, "name" | "bookingPage">[]): BookingSection[] {
  return features.flatMap((feature) => (feature.bookingPage ? [feature.bookingPage] : []));
}
