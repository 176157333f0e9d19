import { expect, it } from "vitest";
import { describeEachEngine } from "../../../tests/support/databases";
import { slideInput, snapshot } from "../../../tests/support/fixtures";
import { NotFoundError, ValidationError } from "../validation/errors.server";
import { createSlide, deleteSlide, getSlide, listActiveSlides, listSlides, updateSlide } from "./slides.server";

describeEachEngine("hero slides service", (getDb) => {
  it("adds slides last (order = slide count), active by default, with server ids", async () => {
    const first = await createSlide(getDb(), slideInput({ id: "mine", order: 9 }));
    const second = await createSlide(getDb(), slideInput({ title: "Second" }));
    expect(first).toMatchObject({ order: 0, isActive: true, title: "Ride the Himalayas" });
    expect(first.id).not.toBe("mine");
    expect(second.order).toBe(1);
    expect(await getSlide(getDb(), first.id)).toEqual(first);
    expect((await listSlides(getDb())).map((slide) => slide.title)).toEqual(["Ride the Himalayas", "Second"]);
  });

  it("lists only active slides for the carousel", async () => {
    await createSlide(getDb(), slideInput({ title: "On" }));
    await createSlide(getDb(), slideInput({ title: "Off", isActive: false }));
    expect((await listActiveSlides(getDb())).map((slide) => slide.title)).toEqual(["On"]);
    expect(await listSlides(getDb())).toHaveLength(2);
  });

  it("updates a slide, keeping its order and creation time", async () => {
    await createSlide(getDb(), slideInput());
    const slide = await createSlide(getDb(), slideInput());
    const updated = await updateSlide(
      getDb(),
      slide.id,
      slideInput({ title: "Monsoon in the Ghats", isActive: false, order: 0 }),
    );
    expect(updated).toMatchObject({
      id: slide.id,
      title: "Monsoon in the Ghats",
      isActive: false,
      order: 1,
      createdAt: slide.createdAt,
    });
    expect(await getSlide(getDb(), slide.id)).toEqual(updated);
  });

  it("deletes a slide and answers truthy", async () => {
    const slide = await createSlide(getDb(), slideInput());
    expect(await deleteSlide(getDb(), slide.id)).toBe(true);
    expect(await getSlide(getDb(), slide.id)).toBeNull();
  });

  it.each([
    ["a missing title", { title: undefined }, "title", "Title is required"],
    ["a blank subtitle", { subtitle: " " }, "subtitle", "Subtitle is required"],
    ["a missing tagline", { tagline: undefined }, "tagline", "Tagline is required"],
    ["a numeric button text", { cta: 5 }, "cta", "Button text is required"],
    ["a javascript: background", { background: "javascript:alert(1)" }, "background", "Background must be a valid URL"],
    ["a background that is not a URL", { background: "sunset.jpg" }, "background", "Background must be a valid URL"],
  ])("refuses %s on add and edit, writing nothing", async (_case, overrides, path, message) => {
    const slide = await createSlide(getDb(), slideInput());
    const before = await snapshot(getDb());
    for (const write of [
      () => createSlide(getDb(), slideInput(overrides)),
      () => updateSlide(getDb(), slide.id, slideInput(overrides)),
    ]) {
      const error = await write().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).errors[path]).toBe(message);
    }
    expect(await snapshot(getDb())).toEqual(before);
  });

  it("reports an unknown slide as not found on edit and delete", async () => {
    await createSlide(getDb(), slideInput());
    const before = await snapshot(getDb());
    await expect(updateSlide(getDb(), "no-such-slide", slideInput())).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteSlide(getDb(), "no-such-slide")).rejects.toBeInstanceOf(NotFoundError);
    await expect(deleteSlide(getDb(), "")).rejects.toBeInstanceOf(NotFoundError);
    expect(await getSlide(getDb(), "no-such-slide")).toBeNull();
    expect(await snapshot(getDb())).toEqual(before);
  });
});
