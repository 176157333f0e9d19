import { describe, expect, it } from "vitest";
import { PREVIEW_FALLBACKS, previewBanner, previewValuesOf } from "./preview";

const values = {
  title: "",
  subtitle: "Ladakh Loop",
  description: "  ",
  image: "",
  ctaText: "",
  ctaLink: "/ride/abc",
  isActive: true,
};

describe("previewBanner", () => {
  it("fills empty texts with fallbacks and the default button text", () => {
    expect(previewBanner(values)).toEqual({
      ...values,
      title: PREVIEW_FALLBACKS.title,
      description: PREVIEW_FALLBACKS.description,
      ctaText: "Know More",
      updatedAt: null,
    });
  });
});

describe("previewValuesOf", () => {
  it("accepts a values message and reads only known fields", () => {
    expect(previewValuesOf({ type: "values", values: { ...values, title: "Featured", extra: 1 } })).toEqual({
      ...values,
      title: "Featured",
    });
  });

  it("ignores anything else", () => {
    expect(previewValuesOf({ type: "ready" })).toBeNull();
    expect(previewValuesOf("values")).toBeNull();
    expect(previewValuesOf({ type: "values", values: null })).toBeNull();
  });

  it("treats wrong field types as empty", () => {
    expect(previewValuesOf({ type: "values", values: { title: 5, isActive: "no" } })).toEqual({
      title: "",
      subtitle: "",
      description: "",
      image: "",
      ctaText: "",
      ctaLink: "",
      isActive: true,
    });
  });
});
