import { expect, it } from "vitest";
import { describeEachEngine } from "../../../../tests/support/databases";
import { insertGalleryPhoto as seedPhoto } from "../../../../tests/support/gallery-photos";
import { galleryCounts, galleryCovers, rideGallery } from "./gallery.server";

describeEachEngine("the public gallery", (getDb) => {
  it("shows a ride's approved photos in the gallery's order, credited by first name, never pending or hidden ones", async () => {
    const db = getDb();
    const third = await seedPhoto(db, { rideId: "r1", position: 30, caption: "Summit" });
    const first = await seedPhoto(db, { rideId: "r1", position: 10, credit: "Asha Rao" });
    await seedPhoto(db, { rideId: "r1", position: 15, status: "pending", credit: "Ravi" });
    await seedPhoto(db, { rideId: "r1", position: 20, status: "hidden" });
    const second = await seedPhoto(db, { rideId: "r1", position: 25 });
    await seedPhoto(db, { rideId: "r2", position: 1 });

    const gallery = await rideGallery(db, "r1");
    expect(gallery.map((photo) => photo.id)).toEqual([first, second, third]);
    expect(gallery[0]).toEqual({
      id: first,
      image: expect.stringMatching(/^\/images\//) as string,
      caption: "",
      credit: "Asha",
      cover: false,
    });
    expect(gallery[2]!.caption).toBe("Summit");
    expect(await rideGallery(db, "none")).toEqual([]);
  });

  it("counts each ride's approved photos and leaves out rides without any", async () => {
    const db = getDb();
    await seedPhoto(db, { rideId: "r1", position: 1 });
    await seedPhoto(db, { rideId: "r1", position: 2 });
    await seedPhoto(db, { rideId: "r1", position: 3, status: "pending" });
    await seedPhoto(db, { rideId: "r2", position: 1 });
    await seedPhoto(db, { rideId: "r3", position: 1, status: "hidden" });

    const counts = await galleryCounts(db, ["r1", "r2", "r3", "r4"]);
    expect([...counts.entries()].sort()).toEqual([
      ["r1", 2],
      ["r2", 1],
    ]);
    expect(await galleryCounts(db, [])).toEqual(new Map());
  });

  it("takes the approved cover as the ride's photo, else the gallery's first, never a hidden one", async () => {
    const db = getDb();
    await seedPhoto(db, { rideId: "r1", position: 1 });
    const cover = await seedPhoto(db, { rideId: "r1", position: 5, cover: true });
    await seedPhoto(db, { rideId: "r2", position: 1, cover: true, status: "hidden" });
    const shown = await seedPhoto(db, { rideId: "r2", position: 2 });
    const covers = await galleryCovers(db, ["r1", "r2", "r3"]);
    expect(covers.get("r1")?.id).toBe(cover);
    expect(covers.get("r2")?.id).toBe(shown);
    expect(covers.has("r3")).toBe(false);
  });
});
