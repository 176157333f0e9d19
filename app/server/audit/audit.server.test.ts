import { expect, it } from "vitest";
import { describeEachEngine } from "../../../tests/support/databases";
import { listRecentActivity, recordAudit } from "./audit.server";

const admin = { id: "user-1", email: "admin@example.com" };

describeEachEngine("audit trail", (getDb) => {
  it("records who changed what and when, newest first", async () => {
    const db = getDb();
    await recordAudit(
      db,
      admin,
      { action: "created", collection: "rides", recordId: "r1", summary: 'Added ride "Spiti"' },
      new Date("2026-11-22T10:00:00Z"),
    );
    await recordAudit(
      db,
      { id: null, email: "other@example.com" },
      { action: "saved", collection: "config", recordId: null, summary: "Updated contact information" },
      new Date("2026-11-22T11:00:00Z"),
    );

    const entries = await listRecentActivity(db);

    expect(
      entries.map((entry) => [
        entry.actorEmail,
        entry.action,
        entry.collection,
        entry.recordId,
        entry.summary,
        entry.at,
      ]),
    ).toEqual([
      ["other@example.com", "saved", "config", null, "Updated contact information", "2026-11-22T11:00:00.000Z"],
      ["admin@example.com", "created", "rides", "r1", 'Added ride "Spiti"', "2026-11-22T10:00:00.000Z"],
    ]);
  });

  it("returns at most the asked number of entries", async () => {
    const db = getDb();
    for (let minute = 0; minute < 12; minute++) {
      await recordAudit(
        db,
        admin,
        { action: "updated", collection: "rides", recordId: "r1", summary: `Edit ${minute}` },
        new Date(Date.UTC(2026, 10, 22, 10, minute)),
      );
    }

    const entries = await listRecentActivity(db, 10);

    expect(entries).toHaveLength(10);
    expect(entries[0]?.summary).toBe("Edit 11");
  });
});
