import { expect, it } from "vitest";
import { FALLBACK_CONFIG } from "~/domain/defaults";
import { describeEachEngine } from "../../../tests/support/databases";
import { configInput, featuredInput, snapshot } from "../../../tests/support/fixtures";
import { getConfig, saveConfig } from "./config.server";
import { ValidationError } from "../validation/errors.server";
import { getFeaturedRide, saveFeaturedRide } from "./featured.server";
import { writeDocument } from "./documents.server";

describeEachEngine("featured ride service", (getDb) => {
  it("has no banner until one is saved", async () => {
    expect(await getFeaturedRide(getDb())).toBeNull();
  });

  it("saves the banner with the product's defaults for button text and visibility", async () => {
    const saved = await saveFeaturedRide(getDb(), featuredInput({ ctaText: undefined, isActive: undefined }));
    expect(saved).toMatchObject({ ctaText: "Know More", isActive: true, ctaLink: "/ride/abc" });
    expect(await getFeaturedRide(getDb())).toEqual(saved);
    const replaced = await saveFeaturedRide(
      getDb(),
      featuredInput({ isActive: false, ctaLink: "https://example.com/ride" }),
    );
    expect(await getFeaturedRide(getDb())).toEqual(replaced);
  });

  it.each([
    ["a missing banner title", { title: "" }, "title", "Banner title is required"],
    ["a missing ride title", { subtitle: undefined }, "subtitle", "Ride title is required"],
    ["a missing description", { description: null }, "description", "Description is required"],
    ["a blank button text", { ctaText: " " }, "ctaText", "Button text is required"],
    ["a javascript: link", { ctaLink: "javascript:alert(1)" }, "ctaLink", "Button link must be a valid URL"],
    ["a protocol-relative link", { ctaLink: "//evil.example" }, "ctaLink", "Button link must be a valid URL"],
  ])("refuses %s, writing nothing", async (_case, overrides, path, message) => {
    await saveFeaturedRide(getDb(), featuredInput());
    const before = await snapshot(getDb());
    const error = await saveFeaturedRide(getDb(), featuredInput(overrides)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors[path]).toBe(message);
    expect(await snapshot(getDb())).toEqual(before);
  });

  it("reads a partial stored banner with the defaults filled in", async () => {
    await writeDocument(getDb(), "featuredRide", {
      title: "Old banner",
      subtitle: "Old ride",
      description: "From the old app",
    });
    expect(await getFeaturedRide(getDb())).toMatchObject({
      title: "Old banner",
      ctaText: "Know More",
      isActive: true,
      ctaLink: "",
      image: "",
    });
  });
});

describeEachEngine("config service", (getDb) => {
  it("serves the fallback configuration until one is saved", async () => {
    expect(await getConfig(getDb())).toEqual(FALLBACK_CONFIG);
  });

  it("saves and reads the configuration", async () => {
    const saved = await saveConfig(getDb(), configInput());
    expect(saved.company.name).toBe("Hill Riders");
    expect(await getConfig(getDb())).toEqual(saved);
  });

  it.each([
    [
      "an invalid email",
      { company: { ...(configInput().company as object), email: "not-an-email" } },
      "company.email",
      "Please enter a valid email address",
    ],
    [
      "a javascript: Instagram link",
      { socialMedia: { ...(configInput().socialMedia as object), instagram: "javascript:alert(1)" } },
      "socialMedia.instagram",
      "Instagram link must be a valid URL",
    ],
    [
      "a community form that is not a URL",
      { googleForm: "forms" },
      "googleForm",
      "Community form link must be a valid URL",
    ],
    ["a missing company", { company: undefined }, "company", undefined],
  ])("refuses %s, writing nothing", async (_case, overrides, path, message) => {
    await saveConfig(getDb(), configInput());
    const before = await snapshot(getDb());
    const error = await saveConfig(getDb(), configInput(overrides)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).errors).toHaveProperty([path]);
    if (message) expect((error as ValidationError).errors[path]).toBe(message);
    expect(await snapshot(getDb())).toEqual(before);
  });

  it("shows a stored record that fails today's rules with only its failing parts replaced", async () => {
    const valid = configInput();
    await writeDocument(getDb(), "config", { ...valid, socialMedia: "broken" });
    expect(await getConfig(getDb())).toEqual({ ...valid, socialMedia: FALLBACK_CONFIG.socialMedia });
  });
});
