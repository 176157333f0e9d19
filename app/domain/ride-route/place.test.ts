import { describe, expect, it } from "vitest";
import { buildIcs } from "../ics";
import { rideJsonLd } from "../ride-seo";

const place = {
  name: "Cafe Coffee Day, Hebbal",
  address: "Bellary Rd, Bengaluru 560024",
  latitude: 13.0358,
  longitude: 77.597,
};

describe("the meeting point as the ride's place", () => {
  const ride = {
    id: "r1",
    title: "Coorg",
    description: "",
    startDate: "2027-01-10",
    endDate: "2027-01-12",
    image: "",
    duration: "",
    distance: "",
    tripCost: "",
    price: "",
    status: "upcoming" as const,
    lastBookingDate: "",
    startingPlace: "",
    createdAt: "",
    updatedAt: "",
  };

  it("JSON-LD Event location is a Place with its address and coordinates", () => {
    const event = rideJsonLd(ride, { origin: "https://rides.example", siteName: "Roadbook" }, place);
    expect(event.location).toEqual({
      "@type": "Place",
      name: place.name,
      address: { "@type": "PostalAddress", streetAddress: place.address },
      geo: { "@type": "GeoCoordinates", latitude: 13.0358, longitude: 77.597 },
    });
    expect(rideJsonLd(ride, { origin: "https://rides.example", siteName: "Roadbook" })).not.toHaveProperty("location");
  });

  it(".ics gets LOCATION (escaped) and GEO", () => {
    const ics = buildIcs(
      {
        uid: "ride-r1@rides.example",
        startDate: "2027-01-10",
        endDate: "2027-01-12",
        summary: "Coorg",
        description: "",
        url: "https://rides.example/ride/r1",
        stamp: new Date("2026-11-24T00:00:00Z"),
        location: { text: `${place.name}, ${place.address}`, latitude: place.latitude, longitude: place.longitude },
      },
      "-//Roadbook//Rides//EN",
    )!;
    expect(ics).toContain("LOCATION:Cafe Coffee Day\\, Hebbal\\, Bellary Rd\\, Bengaluru 560024\r\n");
    expect(ics).toContain("GEO:13.035800;77.597000\r\n");
  });
});
