import type { HeroSlide } from "./content";
import { durationText } from "./duration";
import type { Ride, RideStatus } from "./ride";
import { emptyRideDetails } from "./ride-values";

// product.md#public-fallbacks: when the public pages cannot load content they log it and show sample content
// instead of an error. These samples are that content: a few plausible rides and a slide,
// with the bundled demo photos. Their ids start with 'sample-' so nothing mistakes them
// for stored rides.

const SAMPLE_TIMESTAMP = "2026-01-01T00:00:00.000Z";

type SampleRide = Pick<Ride, "title" | "startDate" | "endDate" | "image" | "description" | "distance" | "status"> &
  Partial<Pick<Ride, "participants" | "tripCost" | "bookingCost" | "difficulty" | "vehicleType">>;

function sampleRide(id: string, order: number, ride: SampleRide): Ride {
  return {
    id,
    order,
    duration: durationText(ride.startDate, ride.endDate),
    participants: 0,
    ...emptyRideDetails(),
    thingsToCarry: [],
    price: "",
    createdAt: SAMPLE_TIMESTAMP,
    updatedAt: SAMPLE_TIMESTAMP,
    version: 1,
    ...ride,
  };
}

export const FALLBACK_RIDES: readonly Ride[] = [
  sampleRide("sample-spiti-circuit", 0, {
    title: "Spiti Valley Circuit",
    startDate: "2027-06-12",
    endDate: "2027-06-20",
    image: "/images/demo/spiti.webp",
    description:
      "Nine days through the cold desert of Himachal: Kaza, Key monastery, Chandratal lake and the high passes, with a backup vehicle all the way.",
    distance: "1,250 km",
    status: "upcoming",
    tripCost: "32000",
    bookingCost: "8000",
    difficulty: "Challenging",
    vehicleType: "Bike",
  }),
  sampleRide("sample-konkan-coast", 1, {
    title: "Konkan Coastal Run",
    startDate: "2027-01-22",
    endDate: "2027-01-25",
    image: "/images/demo/coast.webp",
    description: "A long weekend down the coast road from Mumbai to Goa: beaches, forts, fish thalis and sunset rides.",
    distance: "620 km",
    status: "upcoming",
    tripCost: "14500",
    difficulty: "Easy",
  }),
  sampleRide("sample-western-ghats", 2, {
    title: "Western Ghats Monsoon Trail",
    startDate: "2027-07-17",
    endDate: "2027-07-18",
    image: "/images/demo/ghats.webp",
    description: "Two days of mist, waterfalls and winding ghat roads, starting and ending in Bengaluru.",
    distance: "480 km",
    status: "upcoming",
    difficulty: "Moderate",
  }),
  sampleRide("sample-ladakh-expedition", 0, {
    title: "Ladakh Expedition",
    startDate: "2026-08-02",
    endDate: "2026-08-12",
    image: "/images/demo/ladakh.webp",
    description: "Manali to Leh and back over Khardung La and the Nubra valley: the ride every rider dreams of.",
    distance: "1,800 km",
    status: "completed",
    participants: 18,
  }),
  sampleRide("sample-rajasthan-forts", 1, {
    title: "Rajasthan Forts Ride",
    startDate: "2026-02-14",
    endDate: "2026-02-18",
    image: "/images/demo/rajasthan.webp",
    description: "Jaipur, Jodhpur and Jaisalmer on desert highways, with a night under the stars in the dunes.",
    distance: "1,100 km",
    status: "completed",
    participants: 24,
  }),
];

export function fallbackRides(status: RideStatus): Ride[] {
  return FALLBACK_RIDES.filter((ride) => ride.status === status);
}

export function fallbackRide(id: string): Ride | null {
  return FALLBACK_RIDES.find((ride) => ride.id === id) ?? null;
}

export const FALLBACK_SLIDES: readonly HeroSlide[] = [
  {
    id: "sample-slide-mountains",
    title: "Ride Beyond the Map",
    subtitle: "Weekend escapes and long expeditions across India",
    tagline: "Small groups. Safe roads. Big adventures.",
    cta: "Explore Upcoming Rides",
    background: "/images/demo/mountains.webp",
    isActive: true,
    order: 0,
    createdAt: SAMPLE_TIMESTAMP,
    updatedAt: SAMPLE_TIMESTAMP,
  },
];
