import { expect, it } from "vitest";
import { describeEachEngine } from "../../../tests/support/databases";
import { rideInput } from "../../../tests/support/fixtures";
import { insertGalleryPhoto } from "../../../tests/support/gallery-photos";
import { createRide } from "../rides/rides.server";
import { currentRideCard } from "./share-cards.server";

describeEachEngine("a ride's share card and its gallery", (getDb) => {
  it("shows the gallery's cover for a ride without a photo of its own, and the ride's own photo otherwise", async () => {
    const db = getDb();
    const bare = await createRide(db, rideInput({ title: "No photo", status: "completed", image: "" }));
    await insertGalleryPhoto(db, { rideId: bare.id, position: 1, image: "/images/demo/lake.webp" });
    await insertGalleryPhoto(db, { rideId: bare.id, position: 2, image: "/images/demo/coast.webp", cover: true });
    await insertGalleryPhoto(db, { rideId: bare.id, position: 0, image: "/images/demo/desert.webp", status: "hidden" });
    expect((await currentRideCard(db, bare)).image).toBe("/images/demo/coast.webp");

    const own = await createRide(db, rideInput({ title: "Own photo", status: "completed" }));
    await insertGalleryPhoto(db, { rideId: own.id, position: 1, image: "/images/demo/lake.webp", cover: true });
    expect((await currentRideCard(db, own)).image).toBe("/images/demo/spiti.webp");

    const none = await createRide(db, rideInput({ title: "Nothing", status: "completed", image: "" }));
    expect((await currentRideCard(db, none)).image).toBeNull();
  });
});
