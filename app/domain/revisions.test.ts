import { describe, expect, it } from "vitest";
import { revisionChanges } from "./revisions";

describe("revisionChanges", () => {
  it("lists the fields that differ, nested ones by their path, lists as a whole", () => {
    const before = { title: "Spiti", company: { phone: "1", name: "Hill Riders" }, included: ["Fuel"], seats: 10 };
    const after = {
      title: "Spiti Circuit",
      company: { phone: "2", name: "Hill Riders" },
      included: ["Fuel"],
      seats: 12,
    };
    expect(revisionChanges(before, after)).toEqual([
      { field: "title", before: "Spiti", after: "Spiti Circuit" },
      { field: "company.phone", before: "1", after: "2" },
      { field: "seats", before: "10", after: "12" },
    ]);
    expect(revisionChanges(before, before)).toEqual([]);
  });

  it("shows a first revision's every field as added, and a field removed as emptied", () => {
    expect(revisionChanges(null, { title: "New", isActive: true })).toEqual([
      { field: "title", before: "", after: "New" },
      { field: "isActive", before: "", after: "true" },
    ]);
    expect(revisionChanges({ title: "A", note: "x" }, { title: "A" })).toEqual([
      { field: "note", before: "x", after: "" },
    ]);
  });
});
