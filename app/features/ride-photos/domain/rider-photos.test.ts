import { describe, expect, it } from "vitest";
import { RIDER_PHOTO_REFUSALS, riderPhotoRefusal, riderPhotosView } from "./rider-photos";

const ride = { status: "upcoming", startDate: "2027-06-10", endDate: "2027-06-18" };

describe("the booking page's photos", () => {
  const after = new Date("2027-07-01T00:00:00Z");

  it("opens to a confirmed seat, checked in or not, once the ride is over", () => {
    expect(riderPhotoRefusal("confirmed", ride, after)).toBeNull();
    expect(riderPhotoRefusal("waitlisted", ride, after)).toBe(RIDER_PHOTO_REFUSALS.notConfirmed);
    expect(riderPhotoRefusal("cancelled", ride, after)).toBe(RIDER_PHOTO_REFUSALS.cancelled);
    expect(riderPhotoRefusal("confirmed", null, after)).toBe(RIDER_PHOTO_REFUSALS.noRide);
  });

  it("is not shown before the ride to a rider with no photos; shown, closed, to one with photos", () => {
    const before = new Date("2027-06-01T00:00:00Z");
    expect(riderPhotosView("confirmed", ride, [], before)).toBeNull();
    const photos = [{ id: "p1", image: "/images/1_a_10x10.jpg", status: "approved" as const }];
    expect(riderPhotosView("cancelled", ride, photos, after)).toEqual({
      photos,
      left: 0,
      closed: RIDER_PHOTO_REFUSALS.cancelled,
    });
    expect(riderPhotosView("confirmed", ride, photos, after)).toEqual({ photos, left: 4, closed: null });
  });
});
