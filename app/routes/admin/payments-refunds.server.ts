import { dispatchIntent } from "~/server/admin/intent-dispatch.server";
import { type AdminActionContext, failed, stringField, succeeded } from "~/server/admin/respond.server";
import { refusal } from "~/server/admin/rider-operations.server";
import { recordUpiRefund, REFUND_NOT_FOUND, refundRecordedMessage } from "~/server/payments/upi-refunds.server";
import { NotFoundError } from "~/server/validation/errors.server";

export const UNKNOWN_REFUNDS_ACTION = "Unknown refunds action";

/** Payments → Refunds' one post: a UPI refund's UTR ({ intent: "refund-utr", id, entryId, utr }). */
export function refundsAction(request: Request, context: AdminActionContext) {
  return dispatchIntent(
    request,
    context,
    {
      "refund-utr": async (body) => {
        try {
          const recorded = await recordUpiRefund(
            context.services.db,
            { registrationId: stringField(body, "id"), entryId: body.entryId, utr: body.utr },
            { actor: context.actor },
          );
          return succeeded(refundRecordedMessage(recorded));
        } catch (error) {
          if (error instanceof NotFoundError) return failed(404, REFUND_NOT_FOUND);
          return refusal(context, "record the refund", error);
        }
      },
    },
    UNKNOWN_REFUNDS_ACTION,
  );
}
