import type { Kysely } from "kysely";
import { expect, it } from "vitest";
import * as publicationInstantsMigration from "../../migrations/2026-11-28T1000_publication_instants";
import { formatInstant, resolvePublication } from "~/domain/publication";
import { getFeaturedRide, saveFeaturedRide } from "~/server/content/featured.server";
import { getConfig, saveConfig } from "~/server/content/config.server";
import { getPublication, nextScheduledPublication, setPublication } from "~/server/publishing/publication.server";
import { countPublicRides, getPublicRide, listPublicRides } from "~/server/rides/public-rides.server";
import { restoreRevision } from "~/server/publishing/restore-revision.server";
import { listRevisions } from "~/server/publishing/revisions.server";
import { ConflictError, ValidationError } from "~/server/validation/errors.server";
import {
  createRide,
  getRide,
  listPreviousRides,
  listUpcomingRides,
  setRideStatus,
  similarRides,
  updateRide,
} from "~/server/rides/rides.server";
import { createSlide, listActiveSlides, updateSlide } from "~/server/content/slides.server";
import { refreshStats } from "~/server/content/stats.server";
import { watchPublicationSchedule } from "~/server/publication-schedule.server";
import type { ContentListener } from "~/server/content-events.server";
import pino from "pino";
import { listRecentActivity } from "~/server/audit/audit.server";
import { completeEndedRides, savePublishingSettings } from "~/server/publishing/auto-status.server";
import { exportContent, importContent } from "~/server/content/content-transfer.server";
import { describeEachEngine } from "../support/databases";
import { configInput, featuredInput, rideInput, slideInput } from "../support/fixtures";

const admin = { id: "admin-1", email: "asha@example.com" };
const other = { id: "admin-2", email: "ravi@example.com" };

describeEachEngine("publishing", (getDb) => {
  it("a draft ride is nowhere public — page, lists, counts, similar rides — until it is published", async () => {
    const shown = await createRide(getDb(), rideInput({ title: "Shown" }));
    const draft = await createRide(getDb(), rideInput({ title: "Secret" }), { draft: true, actor: admin });
    const done = await createRide(getDb(), rideInput({ title: "Done draft", status: "completed" }), { draft: true });
    expect(await getPublicRide(getDb(), draft.id)).toBeNull();
    expect(await getRide(getDb(), draft.id)).not.toBeNull();
    expect((await listUpcomingRides(getDb())).map((ride) => ride.title)).toEqual(["Shown"]);
    expect((await listPublicRides(getDb())).map((ride) => ride.title)).toEqual(["Shown"]);
    expect(await listPreviousRides(getDb())).toEqual({ rides: [], total: 0 });
    expect(await countPublicRides(getDb())).toBe(1);
    expect(await similarRides(getDb(), shown)).toEqual([]);
    expect((await getPublication(getDb(), "rides", draft.id))?.state).toBe("draft");

    await setPublication(getDb(), "rides", draft.id, new Date().toISOString());
    await setPublication(getDb(), "rides", done.id, new Date().toISOString());
    expect((await getPublicRide(getDb(), draft.id))?.title).toBe("Secret");
    expect((await listPreviousRides(getDb())).total).toBe(1);
    expect(await countPublicRides(getDb())).toBe(3);
  });

  it("a publication beyond the supported years is refused everywhere it can be set: the ride stays a draft, nowhere public", async () => {
    const ride = await createRide(getDb(), rideInput({ title: "Year 9999" }), { draft: true });
    // 9999-12-31T23:59 west of India is in the year 10000: '+010000-…' sorts before any '20…'.
    const west = resolvePublication(
      { publish: "at", at: "9999-12-31T23:59", timeZone: "America/New_York" },
      new Date(),
    );
    expect(west).toMatchObject({ ok: false, field: "at" });
    await expect(setPublication(getDb(), "rides", ride.id, "+010000-01-01T04:59:00.000Z")).rejects.toBeInstanceOf(
      ValidationError,
    );
    const file = JSON.parse(JSON.stringify(await exportContent(getDb()))) as Awaited<ReturnType<typeof exportContent>>;
    const forged = {
      ...file,
      rides: file.rides.map((entry) => Object.assign(entry, { publishedAt: "9999-12-31T23:59:00-10:00" })),
    };
    await expect(importContent(getDb(), forged, { replace: true })).rejects.toThrow(/2000/);
    expect(await getPublication(getDb(), "rides", ride.id)).toMatchObject({ state: "draft" });
    expect(await getPublicRide(getDb(), ride.id)).toBeNull();
    expect(await listUpcomingRides(getDb())).toEqual([]);
  });

  it("the migration makes a draft of a publication stored outside the supported years, which the lists read as past", async () => {
    const far = await createRide(getDb(), rideInput({ title: "Year 10000" }));
    const kept = await createRide(getDb(), rideInput({ title: "Kept" }));
    const ever = await createRide(getDb(), rideInput({ title: "Published since ever" }));
    await getDb()
      .updateTable("rides")
      .set({ published_at: "+010000-01-01T04:59:00.000Z" })
      .where("id", "=", far.id)
      .execute();
    // The column's default for content made before publishing existed.
    await getDb()
      .updateTable("rides")
      .set({ published_at: "1970-01-01T00:00:00.000Z" })
      .where("id", "=", ever.id)
      .execute();
    await publicationInstantsMigration.up(getDb() as unknown as Kysely<unknown>);
    expect(await getPublication(getDb(), "rides", far.id)).toMatchObject({ state: "draft" });
    expect(await getPublicRide(getDb(), far.id)).toBeNull();
    expect((await getPublicRide(getDb(), kept.id))?.title).toBe("Kept");
    expect((await getPublicRide(getDb(), ever.id))?.title).toBe("Published since ever");
  });

  it("a scheduled ride and slide appear at their minute, with nothing written then", async () => {
    const ride = await createRide(getDb(), rideInput({ title: "Later" }), { draft: true });
    const slide = await createSlide(getDb(), slideInput({ title: "Later slide" }), { draft: true });
    const now = new Date();
    const at = resolvePublication({ publish: "at", at: "2099-01-01T09:30" }, now);
    expect(at).toEqual({ ok: true, publishedAt: "2099-01-01T04:00:00.000Z" });
    await setPublication(getDb(), "rides", ride.id, "2099-01-01T04:00:00.000Z");
    await setPublication(getDb(), "heroSlides", slide.id, "2099-01-01T04:05:00.000Z");
    expect(await nextScheduledPublication(getDb(), now)).toBe("2099-01-01T04:00:00.000Z");
    expect((await getPublication(getDb(), "rides", ride.id))?.state).toBe("scheduled");

    const before = new Date("2099-01-01T03:59:59.999Z");
    const after = new Date("2099-01-01T04:05:00.000Z");
    expect(await getPublicRide(getDb(), ride.id, before)).toBeNull();
    expect((await getPublicRide(getDb(), ride.id, after))?.title).toBe("Later");
    expect(await listUpcomingRides(getDb(), before)).toEqual([]);
    expect((await listActiveSlides(getDb(), before)).map((s) => s.title)).toEqual([]);
    expect((await listActiveSlides(getDb(), after)).map((s) => s.title)).toEqual(["Later slide"]);
    expect(await nextScheduledPublication(getDb(), new Date("2099-01-01T04:00:00.000Z"))).toBe(
      "2099-01-01T04:05:00.000Z",
    );
    expect(await nextScheduledPublication(getDb(), after)).toBeNull();
  });

  it("publication is apart from status: a status change keeps it, and a cancelled ride stays hidden once published", async () => {
    const ride = await createRide(getDb(), rideInput(), { draft: true });
    await setRideStatus(getDb(), ride.id, "completed");
    expect((await getPublication(getDb(), "rides", ride.id))?.state).toBe("draft");
    await setPublication(getDb(), "rides", ride.id, new Date().toISOString());
    await setRideStatus(getDb(), ride.id, "cancelled");
    expect(await getPublicRide(getDb(), ride.id)).toBeNull();
    expect((await getPublication(getDb(), "rides", ride.id))?.state).toBe("published");
  });

  it("every save of a ride keeps a revision naming who saved it; the stale-save refusal stays", async () => {
    const ride = await createRide(getDb(), rideInput({ title: "First" }), { actor: admin });
    const saved = await updateRide(getDb(), ride.id, rideInput({ title: "Second" }), {
      expectedVersion: ride.version,
      actor: other,
    });
    await expect(
      updateRide(getDb(), ride.id, rideInput({ title: "Stale" }), { expectedVersion: ride.version, actor: admin }),
    ).rejects.toBeInstanceOf(ConflictError);
    await setRideStatus(getDb(), ride.id, "completed", { actor: admin });
    const revisions = await listRevisions(getDb(), "rides", ride.id);
    expect(revisions.map((r) => [r.action, r.actorEmail, r.data.title, r.data.status])).toEqual([
      ["status-changed", admin.email, "Second", "completed"],
      ["updated", other.email, "Second", "upcoming"],
      ["created", admin.email, "First", "upcoming"],
    ]);
    expect(saved.version).toBe(2);
  });

  it("restoring a revision saves it again as a new revision; a stale restore is refused", async () => {
    const ride = await createRide(getDb(), rideInput({ title: "First" }), { actor: admin });
    const second = await updateRide(getDb(), ride.id, rideInput({ title: "Second", summary: "changed" }), {
      expectedVersion: 1,
      actor: other,
    });
    const [, created] = await listRevisions(getDb(), "rides", ride.id);
    await expect(restoreRevision(getDb(), created!.id, admin, { expectedVersion: 1 })).rejects.toBeInstanceOf(
      ConflictError,
    );
    await restoreRevision(getDb(), created!.id, admin, { expectedVersion: second.version });
    expect((await getRide(getDb(), ride.id))?.title).toBe("First");
    const revisions = await listRevisions(getDb(), "rides", ride.id);
    expect(revisions.map((r) => [r.action, r.actorEmail, r.data.title])).toEqual([
      ["restored", admin.email, "First"],
      ["updated", other.email, "Second"],
      ["created", admin.email, "First"],
    ]);
  });

  it("a record older than its history keeps its earlier state at the first save, restorable", async () => {
    const ride = await createRide(getDb(), rideInput({ title: "Old" }));
    await getDb().deleteFrom("revisions").execute();
    await updateRide(getDb(), ride.id, rideInput({ title: "New" }), { actor: admin });
    const revisions = await listRevisions(getDb(), "rides", ride.id);
    expect(revisions.map((r) => [r.action, r.data.title])).toEqual([
      ["updated", "New"],
      ["earlier", "Old"],
    ]);
    await restoreRevision(getDb(), revisions[1]!.id, admin);
    expect((await getRide(getDb(), ride.id))?.title).toBe("Old");
  });

  it("slides, the featured ride and the contact configuration keep revisions and restore them", async () => {
    const slide = await createSlide(getDb(), slideInput({ title: "A" }), { actor: admin });
    await updateSlide(getDb(), slide.id, slideInput({ title: "B" }), { actor: other });
    const slideRevisions = await listRevisions(getDb(), "heroSlides", slide.id);
    await restoreRevision(getDb(), slideRevisions[1]!.id, admin);
    expect((await listActiveSlides(getDb())).map((s) => s.title)).toEqual(["A"]);

    await saveFeaturedRide(getDb(), featuredInput({ title: "Banner one" }), { actor: admin });
    await saveFeaturedRide(getDb(), featuredInput({ title: "Banner two" }), { actor: other });
    const featured = await listRevisions(getDb(), "featuredRide", "main");
    expect(featured.map((r) => [r.action, r.actorEmail])).toEqual([
      ["updated", other.email],
      ["created", admin.email],
    ]);
    await restoreRevision(getDb(), featured[1]!.id, other);
    expect((await getFeaturedRide(getDb()))?.title).toBe("Banner one");

    const first = configInput();
    await saveConfig(getDb(), first, { actor: admin });
    await saveConfig(getDb(), configInput({ company: { ...(first.company as object), phone: "+91 90000 00001" } }), {
      actor: other,
    });
    const config = await listRevisions(getDb(), "config", "main");
    await restoreRevision(getDb(), config[1]!.id, admin);
    expect((await getConfig(getDb())).company.phone).toBe((first.company as { phone: string }).phone);
    expect((await listRevisions(getDb(), "config", "main"))[0]).toMatchObject({ action: "restored" });
  });

  it("an admin's write is audited once, in its own command; a restore says which revision came back; writes without an admin leave no entry", async () => {
    const db = getDb();
    // The seed and the CLIs pass no actor.
    const ride = await createRide(db, rideInput({ title: "Spiti" }));
    const slide = await createSlide(db, slideInput({ title: "Dawn" }));
    await saveConfig(db, configInput());
    await refreshStats(db);
    await setPublication(db, "heroSlides", slide.id, null);
    expect(await listRecentActivity(db)).toEqual([]);

    const edited = await updateRide(db, ride.id, rideInput({ title: "Spiti Circuit" }), { actor: admin });
    const created = (await listRevisions(db, "rides", ride.id)).find((revision) => revision.action === "created")!;
    // A refused restore (the ride changed since the version shown) writes nothing, not even its entry.
    await expect(restoreRevision(db, created.id, other, { expectedVersion: 1 })).rejects.toBeInstanceOf(ConflictError);
    await restoreRevision(db, created.id, other, { expectedVersion: edited.version });
    const trail = (await listRecentActivity(db)).map((entry) => [entry.action, entry.actorEmail, entry.summary]);
    expect(trail).toHaveLength(2);
    expect(trail).toEqual(
      expect.arrayContaining([
        ["updated", admin.email, 'Updated ride "Spiti Circuit"'],
        [
          "restored",
          other.email,
          `Restored ride "Spiti" to its revision of ${formatInstant(created.at)} by ${created.actorEmail}`,
        ],
      ]),
    );

    await setPublication(db, "heroSlides", slide.id, new Date().toISOString(), { actor: admin });
    expect((await listRecentActivity(db))[0]).toMatchObject({
      action: "published",
      collection: "heroSlides",
      summary: 'Published hero slide "Dawn"',
    });
  });

  it("each instance notices a scheduled publication's minute by itself, once, and follows later changes", async () => {
    const ride = await createRide(getDb(), rideInput(), { draft: true });
    let clock = Date.parse("2099-01-01T03:00:00.000Z");
    const listeners: ContentListener[] = [];
    const subscribe = (listener: ContentListener) => {
      listeners.push(listener);
      return () => undefined;
    };
    const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
    const schedule = watchPublicationSchedule(getDb(), pino({ level: "silent" }), { subscribe, now: () => clock });
    await settle();
    expect(schedule.due()).toBe(false);

    // Scheduled elsewhere: this instance hears of the change (the PostgreSQL bridge) and reads the schedule again.
    await getDb()
      .updateTable("rides")
      .set({ published_at: "2099-01-01T04:00:00.000Z" })
      .where("id", "=", ride.id)
      .execute();
    for (const listener of listeners) listener({ collection: "rides", id: ride.id, action: "updated" });
    await settle();
    clock = Date.parse("2099-01-01T03:59:59.999Z");
    expect(schedule.due()).toBe(false);
    clock = Date.parse("2099-01-01T04:00:00.000Z");
    expect(schedule.due()).toBe(true);
    expect(schedule.due()).toBe(false);
    await settle();
    expect(schedule.due()).toBe(false);
    schedule.close();
  });

  it("a registration cut-off is a minute the render cache starts over too: the ride turns to 'Registration closed'", async () => {
    await createRide(
      getDb(),
      rideInput({
        startDate: "2099-02-01",
        endDate: "2099-02-03",
        lastBookingDate: "2099-01-10",
        registration: { mode: "site", seats: 10 },
      }),
    );
    // The end of 10 January in India is 18:30 UTC that day.
    let clock = Date.parse("2099-01-10T18:29:59.999Z");
    const schedule = watchPublicationSchedule(getDb(), pino({ level: "silent" }), {
      subscribe: () => () => undefined,
      now: () => clock,
    });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(schedule.due()).toBe(false);
    clock = Date.parse("2099-01-10T18:30:00.000Z");
    expect(schedule.due()).toBe(true);
    schedule.close();
  });

  it("the automatic status, when on, marks an upcoming ride completed the day after it ends in India, audited", async () => {
    const ended = await createRide(
      getDb(),
      rideInput({ title: "Ended", startDate: "2026-11-20", endDate: "2026-11-23" }),
    );
    const today = await createRide(
      getDb(),
      rideInput({ title: "Ends today", startDate: "2026-11-22", endDate: "2026-11-24" }),
    );
    // 2026-11-23T19:00Z is already the 24th in India: 'Ended' is over there, 'Ends today' is not.
    const now = new Date("2026-11-23T19:00:00.000Z");
    expect(await completeEndedRides(getDb(), now)).toEqual([]);
    expect((await getRide(getDb(), ended.id))?.status).toBe("upcoming");

    await savePublishingSettings(getDb(), { autoCompleteRides: true });
    expect(await completeEndedRides(getDb(), now)).toEqual(["Ended"]);
    expect((await getRide(getDb(), ended.id))?.status).toBe("completed");
    expect((await getRide(getDb(), today.id))?.status).toBe("upcoming");
    expect(await completeEndedRides(getDb(), now)).toEqual([]);
    const [entry] = await listRecentActivity(getDb());
    expect(entry).toMatchObject({
      actorEmail: "the site",
      action: "status-changed",
      recordId: ended.id,
      summary: 'Marked ride "Ended" as completed: it ended on 2026-11-23',
    });
    expect((await listRevisions(getDb(), "rides", ended.id))[0]).toMatchObject({
      action: "status-changed",
      actorEmail: "the site",
    });
  });

  it("two instances completing the same ride at once change it once", async () => {
    await savePublishingSettings(getDb(), { autoCompleteRides: true });
    await createRide(getDb(), rideInput({ title: "Ended", startDate: "2026-11-20", endDate: "2026-11-21" }));
    const now = new Date("2026-11-24T12:00:00.000Z");
    const runs = await Promise.all([completeEndedRides(getDb(), now), completeEndedRides(getDb(), now)]);
    expect(runs.flat()).toEqual(["Ended"]);
    expect((await listRecentActivity(getDb())).filter((entry) => entry.action === "status-changed")).toHaveLength(1);
  });

  it("a content export and import keep drafts drafts and scheduled publications scheduled", async () => {
    const draft = await createRide(getDb(), rideInput({ title: "Draft" }), { draft: true });
    const shown = await createRide(getDb(), rideInput({ title: "Shown" }));
    const slide = await createSlide(getDb(), slideInput({ title: "Later" }), { draft: true });
    await setPublication(getDb(), "heroSlides", slide.id, "2099-01-01T04:00:00.000Z");
    const file = JSON.parse(JSON.stringify(await exportContent(getDb()))) as Awaited<ReturnType<typeof exportContent>>;
    await importContent(getDb(), file, { replace: true });
    expect(await getPublication(getDb(), "rides", draft.id)).toMatchObject({ state: "draft" });
    expect(await getPublication(getDb(), "rides", shown.id)).toMatchObject({ state: "published" });
    expect(await getPublication(getDb(), "heroSlides", slide.id)).toEqual({
      state: "scheduled",
      publishedAt: "2099-01-01T04:00:00.000Z",
    });

    // A file from before publishing: everything in it is public, since it was created.
    const older = { ...file, rides: file.rides.map(({ publishedAt: _publishedAt, ...ride }) => ride) };
    await importContent(getDb(), older, { replace: true });
    expect((await getPublicRide(getDb(), draft.id))?.title).toBe("Draft");
  });
});
