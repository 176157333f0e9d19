import { describe, expect, it } from "vitest";
import { photoCountText } from "./gallery-text";
import { photoAlt, photoCredit } from "./photo-text";

describe("the gallery's words", () => {
  it("describes a photo by its caption, else by its place", () => {
    expect(photoAlt({ caption: "Summit at dawn" }, 0, 5)).toBe("Summit at dawn");
    expect(photoAlt({ caption: "" }, 2, 5)).toBe("Photo 3 of 5");
  });

  it("credits a rider's photo by first name and the admins' photos not at all", () => {
    expect(photoCredit({ credit: "Asha" })).toBe("Photo: Asha");
    expect(photoCredit({ credit: "" })).toBe("");
  });

  it("counts photos in words", () => {
    expect(photoCountText(1)).toBe("1 photo");
    expect(photoCountText(24)).toBe("24 photos");
  });
});
