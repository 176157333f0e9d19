import { Readable } from "node:stream";
import { servicesContext } from "~/context";
import { defaultRenditionWidth, parseImageKey, variantWidths } from "~/domain/image-urls";
import { variantObjectKey } from "~/server/images/keys.server";
import type { Route } from "./+types/image";

/**
 * A key is never reused for other content, but the content may be taken down: a photo deleted
 * from a gallery, a rider's photo or their erasure deletes the files at once. So a browser or CDN
 * keeps an image five minutes (as long as a CDN may serve a page's stale copy, docs/deploy.md),
 * then asks again with its ETag: a 304 costs no bytes, a removed image answers 404.
 */
const REMOVABLE_CONTENT = "public, max-age=300";

/** Which stored variant a path under /images/ names, or null when it names none. */
function variantOf(path: string): { key: string; width: number } | null {
  const match = /^(?:w(\d{1,5})\/)?(.+)$/.exec(path);
  const image = match ? parseImageKey(match[2]!) : null;
  if (!match || !image) return null;
  if (match[1] === undefined) return { key: image.key, width: defaultRenditionWidth(image.width) };
  const width = Number(match[1]);
  return variantWidths(image.width).includes(width) ? { key: image.key, width } : null;
}

function notFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=60" },
  });
}

/**
 * GET /images/{key} (the default rendition) and /images/w{width}/{key} (one variant), always
 * WebP, from the object storage. The originals are never served: they keep the camera's
 * metadata, GPS position included. docs/decisions/008-image-storage-and-delivery.md.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const variant = variantOf(params["*"] ?? "");
  if (!variant) return notFound();
  const { storage } = context.get(servicesContext);
  const objectKey = variantObjectKey(variant.key, variant.width);

  const info = request.method === "HEAD" ? await storage.head(objectKey) : null;
  const object = request.method === "HEAD" ? null : await storage.get(objectKey);
  const found = info ?? object;
  if (!found) return notFound();

  const headers = new Headers({
    "Content-Type": "image/webp",
    "Cache-Control": REMOVABLE_CONTENT,
    ETag: found.etag,
    "Last-Modified": found.lastModified.toUTCString(),
    "X-Content-Type-Options": "nosniff",
  });
  if (
    request.headers
      .get("if-none-match")
      ?.split(/\s*,\s*/)
      .includes(found.etag)
  ) {
    object?.body.destroy();
    return new Response(null, { status: 304, headers });
  }
  headers.set("Content-Length", String(found.size));
  if (!object) return new Response(null, { status: 200, headers });
  return new Response(Readable.toWeb(object.body) as ReadableStream<Uint8Array>, { status: 200, headers });
}
