import { previewBroadcast, sendBroadcast } from "./broadcast.server";
import { markWhatsappTapped, resendDelivery, type DeliveryAnswer } from "./delivery-commands.server";
import { dispatchIntent } from "~/server/admin/intent-dispatch.server";
import { type AdminActionContext as Context, failed, stringField, succeeded } from "~/server/admin/respond.server";

export const UNKNOWN_MESSAGES_ACTION = "Unknown messages action";
const NOT_SENT = "The message was not sent";

/**
 * The Messages page's operations on one ride, one JSON body each ({ intent, … }): preview a
 * broadcast, send it, send a copy again, tick off a WhatsApp copy. Each write is one command
 * of the rider-messages service; here only the answer.
 */
export function messagesAction(request: Request, context: Context, rideId: string) {
  const { services, actor } = context;
  const origin = services.env.publicUrl;
  return dispatchIntent(
    request,
    context,
    {
      preview: async (body) => {
        const preview = await previewBroadcast(services.db, rideId, broadcastFields(body));
        if (!preview.ok) return failed(400, "Check the message", preview.errors);
        const { recipients, audience, subject, text } = preview;
        return succeeded(`It goes to ${recipients} ${audience}`, { preview: { recipients, audience, subject, text } });
      },
      send: async (body) => {
        const sent = await sendBroadcast(services.db, rideId, broadcastFields(body), { actor, origin });
        if (!sent.ok) return failed(400, NOT_SENT, sent.errors);
        return succeeded(`Message sent to ${sent.recipients} ${sent.audience}`, { sent: true });
      },
      resend: async (body) =>
        answer(
          await resendDelivery(services.db, rideId, stringField(body, "id"), actor),
          (reference) => `Sending again to ${reference}`,
        ),
      tapped: async (body) =>
        answer(
          await markWhatsappTapped(services.db, rideId, stringField(body, "id"), actor),
          (reference) => `${reference} ticked off`,
        ),
    },
    UNKNOWN_MESSAGES_ACTION,
  );
}

/** The broadcast's fields as the form sends them; the schema checks each. */
function broadcastFields(body: Record<string, unknown>) {
  return {
    subject: body.subject,
    body: body.body,
    statuses: body.statuses,
    payment: body.payment,
    checkIn: body.checkIn,
  };
}

function answer(result: DeliveryAnswer, message: (reference: string) => string) {
  return result.ok ? succeeded(message(result.reference)) : failed(result.status, result.message);
}
