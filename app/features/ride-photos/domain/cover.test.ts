import { describe, expect, it } from "vitest";
import { coverOf } from "./cover";

const photo = (id: string, cover = false) => ({ id, image: `/images/${id}`, caption: "", credit: "", cover });

describe("a ride's cover", () => {
  it("is the photo marked as cover, else the gallery's first, else none", () => {
    expect(coverOf([photo("a"), photo("b", true)])?.id).toBe("b");
    expect(coverOf([photo("a"), photo("b")])?.id).toBe("a");
    expect(coverOf([])).toBeNull();
  });
});
