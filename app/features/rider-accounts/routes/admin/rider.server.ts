import { saveAdminNote } from "~/features/rider-accounts/server/directory.server";
import { dispatchIntent } from "~/server/admin/intent-dispatch.server";
import { type AdminActionContext, failedWrite, succeeded } from "~/server/admin/respond.server";

const NOTE_FAILED = "The note could not be saved";

/** A rider's page in the directory (decision 040): its one write, { intent: "note", note }. */
export function riderAction(request: Request, context: AdminActionContext, riderId: string) {
  return dispatchIntent(
    request,
    context,
    { note: (body) => note(body, context, riderId) },
    "Unknown action on a rider's account",
  );
}

async function note(body: Record<string, unknown>, { services, actor }: AdminActionContext, riderId: string) {
  try {
    const saved = await saveAdminNote(services.db, actor, riderId, { note: body.note });
    return succeeded("Note saved", { note: saved });
  } catch (error) {
    return failedWrite(services, error, NOTE_FAILED, "saving a rider's note failed", { riderId });
  }
}
