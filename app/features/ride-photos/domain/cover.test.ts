import { describe, expect, it } from "vitest";
import { coverOf, imageOrCover } from "./cover";

const photo = (id: string, cover = false) => ({ id, image: `/images/${id}`, caption: "", credit: "", cover });

describe("a ride's cover", () => {
  it("is the photo marked as cover, else the gallery's first, else none", () => {
    expect(coverOf([photo("a"), photo("b", true)])?.id).toBe("b");
    expect(coverOf([photo("a"), photo("b")])?.id).toBe("a");
    expect(coverOf([])).toBeNull();
  });

  it("stands in for a ride's image only when the ride has none", () => {
    expect(imageOrCover("/images/own", photo("a"))).toBe("/images/own");
    expect(imageOrCover("", photo("a"))).toBe("/images/a");
    expect(imageOrCover("", null)).toBe("");
  });
});
