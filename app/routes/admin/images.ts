import { servicesContext } from "~/context";
import { IMAGE_FOLDERS, type ImageFolder } from "~/domain/image-urls";
import { adminContext } from "~/server/auth/admin-session.server";
import { saveUpload } from "~/server/images/images.server";
import { readUploadBody } from "~/server/images/read-body.server";
import { ImageRejectedError, UPLOAD_REJECTIONS } from "~/server/images/upload-errors.server";
import type { Route } from "./+types/images";

/** Shown when the image was fine but could not be stored (storage unreachable, disk full). */
const STORAGE_FAILED = "The image could not be stored. Please try again in a moment.";

function isFolder(value: string): value is ImageFolder {
  return (IMAGE_FOLDERS as readonly string[]).includes(value);
}

/**
 * POST /admin/images?name={file name}&folder={rides|hero|featured-rides}, the file as the
 * raw request body (what ImageUploadField sends). Answers 201 { url, width, height } or an
 * error status with { error } carrying the message to show. The admin layout's middleware
 * has already refused anyone but a signed-in admin.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST")
    return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
  const { db, storage, logger } = context.get(servicesContext);
  const admin = context.get(adminContext);
  const query = new URL(request.url).searchParams;
  const folder = query.get("folder") ?? "rides";
  const fileName = query.get("name") ?? "";
  try {
    if (!isFolder(folder)) throw new ImageRejectedError(UPLOAD_REJECTIONS.badFolder, 400);
    const data = await readUploadBody(request);
    const image = await saveUpload({ db, storage }, { data, fileName, folder });
    logger.info({ key: image.key, bytes: image.bytes, adminId: admin.id }, "image uploaded");
    return Response.json({ url: image.url, width: image.width, height: image.height }, { status: 201 });
  } catch (error) {
    if (error instanceof ImageRejectedError) {
      logger.info({ reason: error.message, cause: error.cause, fileName, adminId: admin.id }, "image upload refused");
      // An oversized body is not read: Node discards the rest of it, and the client gets this
      // answer once it has sent it (closing the connection instead would lose the message).
      return Response.json({ error: error.message }, { status: error.status });
    }
    logger.error({ err: error, fileName }, "image upload failed");
    return Response.json({ error: STORAGE_FAILED }, { status: 503 });
  }
}

export function loader() {
  return Response.json({ error: "Method not allowed" }, { status: 405, headers: { Allow: "POST" } });
}
