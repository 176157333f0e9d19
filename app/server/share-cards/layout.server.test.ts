import { readFile } from "node:fs/promises";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { pageShareCard, rideShareCard } from "~/domain/share-card";
import { renderShareCard } from "./layout.server";

const ride = {
  title: "Spiti Valley Circuit: the cold desert and the high passes of Himachal, nine days on the road",
  startDate: "2027-06-12",
  endDate: "2027-06-20",
  duration: "9 Days",
  tripCost: "₹42,500",
  price: "",
  image: "/images/demo/spiti.webp",
  status: "upcoming" as const,
};

const CARD = { format: "jpeg", width: 1200, height: 630 };
const MAX_BYTES = 300 * 1024;

describe("renderShareCard", () => {
  it("writes a 1200 × 630 JPEG under 300 KB over the ride's photo, however long its title", async () => {
    const photo = await readFile("public/images/demo/spiti.webp");
    const jpeg = await renderShareCard(rideShareCard(ride, "Only 3 seats left"), photo);
    expect(await sharp(jpeg).metadata()).toMatchObject(CARD);
    expect(jpeg.length).toBeLessThan(MAX_BYTES);
  });

  it("writes a card in the brand's colours without a photo", async () => {
    const jpeg = await renderShareCard(pageShareCard("about"), null);
    expect(await sharp(jpeg).metadata()).toMatchObject(CARD);
    expect(jpeg.length).toBeLessThan(MAX_BYTES);
  });
});
