import { SLIDE_MESSAGES } from "~/domain/messages";
import { createSlide, deleteSlide, updateSlide } from "~/server/content/slides.server";
import { dispatchIntent } from "~/server/admin/intent-dispatch.server";
import { type AdminActionContext as Context, failedWrite, stringField, succeeded } from "~/server/admin/respond.server";

export const UNKNOWN_SLIDE_ACTION = "Unknown slide action";

/**
 * The Hero Section page's operations: { intent: 'create' | 'update' | 'delete', … }. The slides
 * service writes each with its revision, audit row and content event (decision 029).
 */
export async function slideAction(request: Request, context: Context) {
  return dispatchIntent(request, context, { create, update, delete: remove }, UNKNOWN_SLIDE_ACTION);
}

async function create(body: Record<string, unknown>, { services, actor }: Context) {
  try {
    const slide = await createSlide(services.db, body.slide, { actor, draft: body.draft === true });
    return succeeded(SLIDE_MESSAGES.added, { id: slide.id });
  } catch (error) {
    return failedWrite(services, error, SLIDE_MESSAGES.addFailed, "adding a hero slide failed");
  }
}

async function update(body: Record<string, unknown>, { services, actor }: Context) {
  const id = stringField(body, "id");
  try {
    await updateSlide(services.db, id, body.slide, { actor });
    return succeeded(SLIDE_MESSAGES.updated, { id });
  } catch (error) {
    return failedWrite(services, error, SLIDE_MESSAGES.updateFailed, "updating a hero slide failed", { id });
  }
}

async function remove(body: Record<string, unknown>, { services, actor }: Context) {
  const id = stringField(body, "id");
  try {
    await deleteSlide(services.db, id, { actor });
    return succeeded(SLIDE_MESSAGES.deleted);
  } catch (error) {
    return failedWrite(services, error, SLIDE_MESSAGES.deleteFailed, "deleting a hero slide failed", { id });
  }
}
