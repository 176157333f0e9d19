import type { SensorContext } from "@dnd-kit/core";
import { describe, expect, it } from "vitest";
import { steppedKeyboardCoordinates } from "./keyboard-coordinates";

function press(code: string) {
  let prevented = false;
  const event = { code, preventDefault: () => (prevented = true) } as unknown as KeyboardEvent;
  const result = steppedKeyboardCoordinates()(event, {
    active: "ride-1",
    currentCoordinates: { x: 10, y: 100 },
    context: {} as SensorContext,
  });
  return { result, prevented };
}

describe("steppedKeyboardCoordinates", () => {
  it("moves the card 25 px down or up per arrow key, keeping it in its column", () => {
    expect(press("ArrowDown")).toEqual({ result: { x: 10, y: 125 }, prevented: true });
    expect(press("ArrowUp")).toEqual({ result: { x: 10, y: 75 }, prevented: true });
  });

  it("ignores sideways and other keys, leaving their default behaviour alone", () => {
    expect(press("ArrowLeft")).toEqual({ result: undefined, prevented: false });
    expect(press("ArrowRight")).toEqual({ result: undefined, prevented: false });
    expect(press("KeyA")).toEqual({ result: undefined, prevented: false });
  });

  it("uses the step it is given", () => {
    const event = { code: "ArrowDown", preventDefault() {} } as unknown as KeyboardEvent;
    const getter = steppedKeyboardCoordinates(40);
    expect(getter(event, { active: "a", currentCoordinates: { x: 0, y: 0 }, context: {} as SensorContext })).toEqual({
      x: 0,
      y: 40,
    });
  });
});
