import { expect, it } from "vitest";
import { describeEachEngine } from "../../../tests/support/databases";
import { rideInput } from "../../../tests/support/fixtures";
import { insertGalleryPhoto } from "../../../tests/support/gallery-photos";
import { routeContext } from "../../../tests/support/route-context";
import { createRide } from "~/server/rides/rides.server";
import { loader as previousLoader } from "./previous";

// Past Adventures' cards take the gallery's cover for a ride without a photo of its own, as the
// ride page and its share card do (docs/features/ride-photos.md#on-the-public-pages; issue 34,
// item 21): the cover stands for the ride wherever the ride is shown.

describeEachEngine("Past Adventures' cards", (getDb) => {
  it("show the gallery's cover for a ride without its own photo, and keep a ride's own photo", async () => {
    const db = getDb();
    const bare = await createRide(db, rideInput({ title: "Bare Ride", image: "", status: "completed" }));
    const own = await createRide(db, rideInput({ title: "Own Photo Ride", status: "completed" }));
    const none = await createRide(db, rideInput({ title: "No Gallery Ride", image: "", status: "completed" }));
    await insertGalleryPhoto(db, { rideId: bare.id, position: 1, image: "/images/1764000000000_first_1600x1200.jpg" });
    await insertGalleryPhoto(db, {
      rideId: bare.id,
      position: 2,
      cover: true,
      image: "/images/1764000000000_cover_1600x1200.jpg",
    });
    await insertGalleryPhoto(db, { rideId: own.id, position: 1, cover: true });

    const data = (await previousLoader({
      request: new Request("http://roadbook.test/previous"),
      params: {},
      context: routeContext({ db }),
    } as never)) as { rides: { id: string; image: string }[] };

    const imageOf = new Map(data.rides.map((ride) => [ride.id, ride.image]));
    expect(imageOf.get(bare.id)).toBe("/images/1764000000000_cover_1600x1200.jpg");
    expect(imageOf.get(own.id)).toBe("/images/demo/spiti.webp");
    expect(imageOf.get(none.id)).toBe("");
  });
});
