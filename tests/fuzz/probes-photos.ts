import { randomUUID } from "node:crypto";
import { parseImageUrl, variantWidths } from "~/domain/image-urls";
import { RIDER_PHOTO_DELETE_INTENT } from "~/features/ride-photos/domain/rider-photos";
import { getRegistrationByToken } from "~/server/registrations/queries.server";
import { twoToneJpeg } from "../support/image-fixtures.ts";
import { formBody } from "./bodies.ts";
import type { Answer } from "./client.ts";
import type { Surfaces } from "./surfaces.ts";

// Photo takedowns (issue 34, item 17; docs/features/ride-photos.md), asked the same way on every
// run: a photo's image is never cacheable for a year, a rider cannot delete another rider's photo
// (refused, the row and the files kept), and a photo an admin deletes answers not-found at every
// stored size at once, its 404 not kept for long either.

/** The longest a cache may keep an uploaded image, or a refusal of one: a takedown lives with this. */
const LONGEST_KEPT_SECONDS = 300;

/** Why an answer's caching outlives a takedown, or null. */
function keptTooLong(answer: Answer): string | null {
  const caching = answer.headers.get("cache-control") ?? "";
  const maxAge = Number(/(?:s-)?max-age=(\d+)/.exec(caching)?.[1] ?? 0);
  if (/immutable/.test(caching) || maxAge > LONGEST_KEPT_SECONDS) {
    return `an uploaded image (${answer.status}) may be kept by a cache past a takedown (${caching})`;
  }
  return null;
}

/** An approved gallery photo of the open ride, written as the gallery's commands leave it. */
async function galleryPhoto(s: Surfaces, image: string, registrationId: string | null): Promise<string> {
  const id = randomUUID();
  const now = new Date().toISOString();
  await s.world.db
    .insertInto("ride_photos")
    .values({
      id,
      ride_id: s.world.rides.open,
      image,
      caption: "",
      position: 1000,
      cover: 0,
      source: registrationId ? "rider" : "admin",
      registration_id: registrationId,
      credit: registrationId ? "Fuzz" : "",
      status: "approved",
      created_at: now,
      updated_at: now,
      reviewed_at: null,
      reviewed_by: null,
    })
    .execute();
  return id;
}

export async function photoProbes(s: Surfaces): Promise<void> {
  const { client, world } = s;
  const upload = client.request("POST", "/admin/images?name=fuzz-takedown.jpg", {
    cookie: world.owner.cookie,
    type: "image/jpeg",
    headers: { Accept: "application/json" },
    body: await twoToneJpeg(1200, 800),
  });
  const uploaded = await client.send(upload);
  const url = uploaded && uploaded.status < 300 ? (JSON.parse(uploaded.body) as { url?: string }).url : undefined;
  const image = url ? parseImageUrl(url) : null;
  client.verdict(image ? null : `an admin's photo upload was not stored (${uploaded?.status})`, upload);
  if (!url || !image) return;
  const sizes = [url, ...variantWidths(image.width).map((width) => `/images/w${width}/${image.key}`)];
  const getEach = async (label: string, judge: (answer: Answer) => string | null) => {
    for (const size of sizes) {
      const request = client.request("GET", size);
      const answer = await client.send(request);
      client.verdict(answer ? judge(answer) : `${label}: no answer`, request);
    }
  };
  await getEach("shown", (answer) =>
    answer.status === 200 ? keptTooLong(answer) : `a stored size answers ${answer.status}`,
  );

  // Another rider's post to delete the photo: refused, nothing changes.
  const [owner, other] = world.bookings.confirmed as [string, string];
  const registration = await getRegistrationByToken(world.db, owner);
  const photoId = await galleryPhoto(s, url, registration?.id ?? null);
  const stranger = client.request("POST", `/booking/${other}`, {
    ip: "10.214.0.1",
    ...formBody(
      [
        ["intent", RIDER_PHOTO_DELETE_INTENT],
        ["photo", photoId],
      ],
      "form",
    ),
  });
  const refused = await client.send(stranger);
  const kept = await world.db.selectFrom("ride_photos").select("id").where("id", "=", photoId).executeTakeFirst();
  client.verdict(
    refused && refused.status < 400 ? `another rider's delete of a photo answered ${refused.status}` : null,
    stranger,
  );
  client.verdict(kept ? null : "another rider deleted a rider's photo", stranger);
  await getEach("after another rider's delete", (answer) =>
    answer.status === 200 ? null : "another rider's refused delete took a photo's files",
  );

  // The admin's takedown: every stored size answers not-found at once.
  const takedown = client.request("POST", `/admin/rides/${world.rides.open}/photos`, {
    cookie: world.owner.cookie,
    type: "application/json",
    body: JSON.stringify({ intent: "delete", photoId }),
  });
  const deleted = await client.send(takedown);
  client.verdict(
    deleted && deleted.status < 400 ? null : `an admin's photo delete answered ${deleted?.status}`,
    takedown,
  );
  await getEach("taken down", (answer) =>
    answer.status === 404 || answer.status === 410
      ? keptTooLong(answer)
      : `a deleted photo's stored size still answers ${answer.status}`,
  );
}
