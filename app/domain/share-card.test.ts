import { describe, expect, it } from "vitest";
import { pageShareCardPath, rideShareCard, rideShareCardPath } from "./share-card";

const ride = {
  title: "Coorg Coffee Trail",
  startDate: "2026-12-05",
  endDate: "2026-12-08",
  duration: "4D 3N",
  tripCost: "12500",
  price: "",
  image: "/images/demo/forest.webp",
  status: "upcoming" as const,
};

describe("rideShareCard", () => {
  it("shows the dates and duration, the price in rupees and the seats text of an upcoming ride", () => {
    expect(rideShareCard(ride, "Only 3 seats left")).toEqual({
      title: "Coorg Coffee Trail",
      subtitle: "5th - 8th December 2026 · 4D 3N",
      price: "₹12500",
      seats: "Only 3 seats left",
      image: "/images/demo/forest.webp",
    });
  });

  it("leaves out what a ride does not have, and seats once the ride is over", () => {
    const card = rideShareCard(
      { ...ride, startDate: "", endDate: "", tripCost: "0", image: "", status: "completed" },
      "Registration closed",
    );
    expect(card).toMatchObject({ subtitle: "4D 3N", price: null, seats: null, image: null });
  });
});

describe("rideShareCardPath", () => {
  const path = rideShareCardPath("r 1", rideShareCard(ride, null));

  it("is a .jpg under the ride's percent-encoded id", () => {
    expect(path).toMatch(/^\/share\/ride\/r%201\/[0-9a-f]{16}\.jpg$/);
  });

  it("changes with anything the card shows, and only then", () => {
    expect(rideShareCardPath("r 1", rideShareCard(ride, null))).toBe(path);
    const changes = [
      { title: "Coorg Coffee Trail II" },
      { endDate: "2026-12-09" },
      { tripCost: "12600" },
      { image: "/images/demo/lake.webp" },
    ];
    const paths = changes.map((change) => rideShareCardPath("r 1", rideShareCard({ ...ride, ...change }, null)));
    paths.push(rideShareCardPath("r 1", rideShareCard(ride, "2 seats left")));
    expect(new Set([path, ...paths]).size).toBe(changes.length + 2);
  });
});

describe("pageShareCardPath", () => {
  it("gives each page a card of its own", () => {
    const paths = (["home", "previous", "about", "contact"] as const).map(pageShareCardPath);
    expect(new Set(paths).size).toBe(4);
    expect(paths[2]).toMatch(/^\/share\/page\/about\/[0-9a-f]{16}\.jpg$/);
  });
});
