import { describe, expect, it } from "vitest";
import { FALLBACK_RIDES } from "./fallback-content";
import { rideSummary } from "./ride-summary";

describe("rideSummary", () => {
  it("copies exactly the fields a ride card shows, and nothing else of the ride", () => {
    const ride = { ...FALLBACK_RIDES[0]!, highlights: ["Key Monastery"], cancellationPolicy: "No refunds" };
    expect(rideSummary(ride)).toStrictEqual({
      id: ride.id,
      title: ride.title,
      startDate: ride.startDate,
      endDate: ride.endDate,
      image: ride.image,
      description: ride.description,
      distance: ride.distance,
      participants: ride.participants,
      tripCost: ride.tripCost,
      price: ride.price,
      instagramUrl: ride.instagramUrl,
      youtubeUrl: ride.youtubeUrl,
    });
  });
});
