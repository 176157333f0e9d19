import { SLIDE_MESSAGES } from "~/domain/messages";
import type { AppServices } from "~/context";
import type { AuditActor } from "../services/audit.server";
import { NotFoundError, ValidationError } from "../services/errors.server";
import { createSlide, deleteSlide, getSlide, updateSlide } from "../services/slides.server";
import { auditChange, failed, INVALID_REQUEST, readJsonObject, stringField, succeeded } from "./respond.server";

export const UNKNOWN_SLIDE_ACTION = "Unknown slide action";

type Context = { services: AppServices; actor: AuditActor };

/** The Hero Section page's operations: { intent: 'create' | 'update' | 'delete', … }. */
export async function slideAction(request: Request, context: Context) {
  const body = await readJsonObject(request);
  if (!body) return failed(400, INVALID_REQUEST);
  switch (body.intent) {
    case "create":
      return create(body, context);
    case "update":
      return update(body, context);
    case "delete":
      return remove(body, context);
    default:
      return failed(400, UNKNOWN_SLIDE_ACTION);
  }
}

async function create(body: Record<string, unknown>, { services, actor }: Context) {
  try {
    const slide = await createSlide(services.db, body.slide);
    await auditChange(services, actor, { action: "created", collection: "heroSlides", recordId: slide.id, summary: `Added hero slide "${slide.title}"` });
    return succeeded(SLIDE_MESSAGES.added, { id: slide.id });
  } catch (error) {
    if (error instanceof ValidationError) return failed(400, SLIDE_MESSAGES.addFailed, error.errors);
    services.logger.error({ err: error }, "adding a hero slide failed");
    return failed(500, SLIDE_MESSAGES.addFailed);
  }
}

async function update(body: Record<string, unknown>, { services, actor }: Context) {
  const id = stringField(body, "id");
  try {
    const slide = await updateSlide(services.db, id, body.slide);
    await auditChange(services, actor, { action: "updated", collection: "heroSlides", recordId: id, summary: `Updated hero slide "${slide.title}"` });
    return succeeded(SLIDE_MESSAGES.updated, { id });
  } catch (error) {
    if (error instanceof ValidationError) return failed(400, SLIDE_MESSAGES.updateFailed, error.errors);
    if (error instanceof NotFoundError) return failed(404, SLIDE_MESSAGES.updateFailed);
    services.logger.error({ err: error, id }, "updating a hero slide failed");
    return failed(500, SLIDE_MESSAGES.updateFailed);
  }
}

async function remove(body: Record<string, unknown>, { services, actor }: Context) {
  const id = stringField(body, "id");
  try {
    const slide = await getSlide(services.db, id);
    await deleteSlide(services.db, id);
    await auditChange(services, actor, { action: "deleted", collection: "heroSlides", recordId: id, summary: `Deleted hero slide "${slide?.title ?? id}"` });
    return succeeded(SLIDE_MESSAGES.deleted);
  } catch (error) {
    if (error instanceof NotFoundError) return failed(404, SLIDE_MESSAGES.deleteFailed);
    services.logger.error({ err: error, id }, "deleting a hero slide failed");
    return failed(500, SLIDE_MESSAGES.deleteFailed);
  }
}
