import { SLIDE_MESSAGES } from "~/domain/messages";
import { createSlide, deleteSlide, getSlide, updateSlide } from "../services/slides.server";
import { dispatchIntent } from "./intent-dispatch.server";
import { type AdminActionContext as Context, auditChange, failedWrite, stringField, succeeded } from "./respond.server";

export const UNKNOWN_SLIDE_ACTION = "Unknown slide action";

/** The Hero Section page's operations: { intent: 'create' | 'update' | 'delete', … }. */
export async function slideAction(request: Request, context: Context) {
  return dispatchIntent(request, context, { create, update, delete: remove }, UNKNOWN_SLIDE_ACTION);
}

async function create(body: Record<string, unknown>, { services, actor }: Context) {
  try {
    const slide = await createSlide(services.db, body.slide, { actor, draft: body.draft === true });
    await auditChange(services, actor, {
      action: "created",
      collection: "heroSlides",
      recordId: slide.id,
      summary: `Added hero slide "${slide.title}"${body.draft === true ? " as a draft" : ""}`,
    });
    return succeeded(SLIDE_MESSAGES.added, { id: slide.id });
  } catch (error) {
    return failedWrite(services, error, SLIDE_MESSAGES.addFailed, "adding a hero slide failed");
  }
}

async function update(body: Record<string, unknown>, { services, actor }: Context) {
  const id = stringField(body, "id");
  try {
    const slide = await updateSlide(services.db, id, body.slide, { actor });
    await auditChange(services, actor, {
      action: "updated",
      collection: "heroSlides",
      recordId: id,
      summary: `Updated hero slide "${slide.title}"`,
    });
    return succeeded(SLIDE_MESSAGES.updated, { id });
  } catch (error) {
    return failedWrite(services, error, SLIDE_MESSAGES.updateFailed, "updating a hero slide failed", { id });
  }
}

async function remove(body: Record<string, unknown>, { services, actor }: Context) {
  const id = stringField(body, "id");
  try {
    const slide = await getSlide(services.db, id);
    await deleteSlide(services.db, id);
    await auditChange(services, actor, {
      action: "deleted",
      collection: "heroSlides",
      recordId: id,
      summary: `Deleted hero slide "${slide?.title ?? id}"`,
    });
    return succeeded(SLIDE_MESSAGES.deleted);
  } catch (error) {
    return failedWrite(services, error, SLIDE_MESSAGES.deleteFailed, "deleting a hero slide failed", { id });
  }
}
