import { sql } from "kysely";
import type { Database } from "~/server/db/schema.server";
import { createRide } from "~/server/rides/rides.server";

/** A ride as the admin form submits it, valid unless overridden. */
export function rideInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: "Spiti Valley Circuit",
    startDate: "2027-06-10",
    endDate: "2027-06-18",
    image: "/images/demo/spiti.webp",
    description: "Nine days through the cold desert of Himachal.",
    distance: "1,250 km",
    participants: 0,
    status: "upcoming",
    tripCost: "₹38,500",
    bookingCost: "₹10,000",
    bookingFormUrl: "https://forms.example.com/spiti",
    highlights: ["Key Monastery", "Chandratal Lake"],
    itinerary: [
      { day: 1, title: "Shimla to Narkanda", description: "Warm-up ride", distance: "65 km", activities: ["Briefing"] },
    ],
    ...overrides,
  };
}

/**
 * A ride taking registrations on the site, stored: `registration` over { mode: "site" },
 * `overrides` over rideInput (its dates are 2027-06-10 to 2027-06-18), `options` as createRide
 * takes them (a draft).
 */
export function siteRide(
  db: Database,
  registration: Record<string, unknown> = {},
  overrides: Record<string, unknown> = {},
  options: Parameters<typeof createRide>[2] = {},
) {
  return createRide(db, rideInput({ registration: { mode: "site", ...registration }, ...overrides }), options);
}

export function slideInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: "Ride the Himalayas",
    subtitle: "Ladakh 2027",
    tagline: "Twelve days above 4,000 m",
    cta: "Book now",
    background: "/images/demo/ladakh.webp",
    ...overrides,
  };
}

export function featuredInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: "Ride of the season",
    subtitle: "Spiti Valley Circuit",
    description: "Nine days in the cold desert.",
    image: "/images/demo/spiti.webp",
    ctaText: "See the route",
    ctaLink: "/ride/abc",
    ...overrides,
  };
}

export function configInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    company: {
      name: "Hill Riders",
      email: "hello@hillriders.in",
      phone: "+91 90000 00000",
      location: "Pune",
      businessHours: "Mon-Sat 9 AM-6 PM",
    },
    socialMedia: {
      instagram: "https://instagram.com/hillriders",
      youtube: "https://youtube.com/@hillriders",
      whatsapp: "https://wa.me/919000000000",
      email: "mailto:hello@hillriders.in",
    },
    googleForm: "https://forms.gle/hillriders",
    ...overrides,
  };
}

/**
 * Every row of every content table, in a stable order: compare a snapshot taken before a
 * refused write with one taken after to prove nothing was written.
 */
export async function snapshot(db: Database) {
  return {
    rides: await db.selectFrom("rides").selectAll().orderBy("id").execute(),
    heroSlides: await db.selectFrom("hero_slides").selectAll().orderBy("id").execute(),
    documents: await db.selectFrom("documents").selectAll().orderBy("collection").orderBy("id").execute(),
    users: await db.selectFrom("users").selectAll().orderBy("id").execute(),
  };
}

/** Sets columns the services manage themselves (order, creation time) to arrange a scenario. */
export async function setRideColumns(
  db: Database,
  id: string,
  columns: { sort_order?: number | null; created_at?: string },
) {
  await db.updateTable("rides").set(columns).where("id", "=", id).execute();
}

export async function rowCount(db: Database, table: "rides" | "hero_slides" | "documents" | "users"): Promise<number> {
  const { rows } = await sql<{ n: string | number }>`select count(*) as n from ${sql.table(table)}`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

/**
 * A user row written straight into the table: no password hashed here (pass a hash when the
 * test signs in with one), and none of the service's side effects (an admin made this way
 * leaves their pending invitations pending, as an account promoted before withdrawal existed
 * did).
 */
export async function insertUser(
  db: Database,
  {
    id,
    email,
    role,
    displayName = "",
    passwordHash = null,
  }: { id: string; email: string; role: string; displayName?: string; passwordHash?: string | null },
): Promise<void> {
  await db
    .insertInto("users")
    .values({
      id,
      email,
      display_name: displayName,
      role,
      password_hash: passwordHash,
      google_subject: null,
      created_at: new Date().toISOString(),
      last_login_at: null,
    })
    .execute();
}

/** What the HTTP shell tells a route about its request, for a route called directly in a test. */
export function testRequestInfo(clientIp = "203.0.113.7") {
  return { requestId: "test", nonce: "n", clientIp, secure: false, origin: "http://localhost" };
}
