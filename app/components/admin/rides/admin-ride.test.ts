import { describe, expect, it } from "vitest";
import { inOrder } from "./admin-ride";

describe("inOrder", () => {
  const rides = [{ id: "a" }, { id: "b" }, { id: "c" }];

  it("keeps the loaded order without a pending reorder", () => {
    expect(inOrder(rides, undefined).map((ride) => ride.id)).toEqual(["a", "b", "c"]);
  });

  it("shows a pending reorder, with rides it does not know (added meanwhile) after it", () => {
    expect(inOrder([...rides, { id: "d" }], ["c", "a", "b"]).map((ride) => ride.id)).toEqual(["c", "a", "b", "d"]);
  });
});
