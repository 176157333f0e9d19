import { describe, expect, it } from "vitest";
import { type DraftOptions, isDirty, reconcileDraft, startDraft } from "./use-draft";

type Record = { version: number; name: string };
const options: DraftOptions<Record, { name: string }> = {
  toDraft: (record) => ({ name: record.name }),
  revision: (record) => String(record.version),
};

describe("reconcileDraft", () => {
  const v1 = { version: 1, name: "Roadbook" };
  const v2 = { version: 2, name: "Roadbook Riders" };

  it("shows a newer stored version at once while the admin has changed nothing", () => {
    const next = reconcileDraft(startDraft(v1, options), v2, options);
    expect(next.draft).toEqual({ name: "Roadbook Riders" });
    expect(next.base).toBe(v2);
  });

  it("keeps what the admin typed and remembers the newer version", () => {
    const typing = { ...startDraft(v1, options), draft: { name: "Roadbook Touring" } };
    const next = reconcileDraft(typing, v2, options);
    expect(next.draft).toEqual({ name: "Roadbook Touring" });
    expect(next.base).toBe(v1);
    expect(next.latest).toBe(v2);
  });

  it("takes a newer version that holds exactly what the admin typed (their own save)", () => {
    const saved = { ...startDraft(v1, options), draft: { name: "Roadbook Riders" } };
    const next = reconcileDraft(saved, v2, options);
    expect(next.base).toBe(v2);
    expect(next.latest).toBe(v2);
  });

  it("ignores a reload of the same version", () => {
    const typing = { ...startDraft(v1, options), draft: { name: "Roadbook Touring" } };
    const next = reconcileDraft(typing, { ...v1 }, options);
    expect(next.draft).toEqual({ name: "Roadbook Touring" });
    expect(next.latest).toEqual(v1);
  });

  it("counts a change back to the stored text as no change", () => {
    const state = { ...startDraft(v1, options), draft: { name: "Roadbook" } };
    expect(isDirty(state, options)).toBe(false);
    expect(isDirty({ ...state, draft: { name: "Other" } }, options)).toBe(true);
  });
});
