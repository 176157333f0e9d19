import { describe, expect, it } from "vitest";
import * as constants from "./constants";

describe("SPEC §9 business constants and limits", () => {
  it("holds the timings, steps and limits of the SPEC", () => {
    expect({ ...constants }).toEqual({
      HERO_INTERVAL_MS: 5000,
      ABOUT_ICON_INTERVAL_MS: 4000,
      ABOUT_ICON_ANIMATION_MS: 1500,
      MESSAGE_DISPLAY_MS: 3000,
      LINK_COPIED_MS: 2000,
      UPLOAD_TIMEOUT_MS: 30000,
      KEYBOARD_DRAG_STEP_PX: 25,
      SCROLL_OFFSET_PX: 200,
      SIMILAR_RIDES_LIMIT: 3,
      MISSING_ORDER: 999,
    });
  });
});
