import { afterEach, expect, it, vi } from "vitest";
import { describeEachEngine } from "../../tests/support/databases";
import { configInput, featuredInput, rideInput, slideInput } from "../../tests/support/fixtures";
import { notifyContentChanged, onContentChanged, type ContentChange } from "./content-events.server";
import { saveConfig } from "./content/config.server";
import { ValidationError } from "./validation/errors.server";
import { saveFeaturedRide } from "./content/featured.server";
import { createRide, reorderRides } from "./rides/rides.server";
import { createSlide, deleteSlide, updateSlide } from "./content/slides.server";
import { refreshStats } from "./content/stats.server";

const subscriptions: (() => void)[] = [];
afterEach(() => subscriptions.splice(0).forEach((unsubscribe) => unsubscribe()));

function record(): ContentChange[] {
  const changes: ContentChange[] = [];
  subscriptions.push(onContentChanged((change) => changes.push(change)));
  return changes;
}

it("delivers each change to every listener until it unsubscribes", () => {
  const first = record();
  const second: ContentChange[] = [];
  const unsubscribe = onContentChanged((change) => second.push(change));
  const change: ContentChange = { collection: "config", id: "main", action: "updated" };
  notifyContentChanged(change);
  unsubscribe();
  notifyContentChanged(change);
  expect(first).toEqual([change, change]);
  expect(second).toEqual([change]);
});

it("keeps a failing listener from reaching the writer or the other listeners", () => {
  const error = vi.spyOn(console, "error").mockImplementation(() => {});
  subscriptions.push(
    onContentChanged(() => {
      throw new Error("listener bug");
    }),
  );
  const changes = record();
  expect(() => notifyContentChanged({ collection: "rides", id: "r1", action: "deleted" })).not.toThrow();
  expect(changes).toHaveLength(1);
  expect(error).toHaveBeenCalledOnce();
  error.mockRestore();
});

describeEachEngine("content change notifications", (getDb) => {
  it("follow every committed write of each collection, and no refused one", async () => {
    const changes = record();
    const ride = await createRide(getDb(), rideInput());
    await reorderRides(getDb(), "upcoming", [ride.id]);
    const slide = await createSlide(getDb(), slideInput());
    await updateSlide(getDb(), slide.id, slideInput());
    await deleteSlide(getDb(), slide.id);
    await saveFeaturedRide(getDb(), featuredInput());
    await saveConfig(getDb(), configInput());
    await refreshStats(getDb());
    await expect(createSlide(getDb(), slideInput({ title: "" }))).rejects.toThrow("Title is required");
    await expect(saveConfig(getDb(), {})).rejects.toBeInstanceOf(ValidationError);
    expect(changes).toEqual([
      { collection: "rides", id: ride.id, action: "created" },
      { collection: "stats", id: "main", action: "updated" },
      { collection: "rides", id: null, action: "reordered" },
      { collection: "stats", id: "main", action: "updated" },
      { collection: "heroSlides", id: slide.id, action: "created" },
      { collection: "heroSlides", id: slide.id, action: "updated" },
      { collection: "heroSlides", id: slide.id, action: "deleted" },
      { collection: "featuredRide", id: "main", action: "updated" },
      { collection: "config", id: "main", action: "updated" },
      { collection: "stats", id: "main", action: "updated" },
    ]);
  });
});
