import { data } from "react-router";
import { ROLE_LABELS } from "~/domain/roles";
import type { AppServices } from "~/context";
import { ValidationError, NotFoundError } from "~/server/validation/errors.server";
import { dispatchFormIntent } from "~/server/http/form-intent.server";
import { readAdminForm } from "~/server/admin/read-form.server";
import { changeRole, createInvite, removeAdmin, revokeInvite, setRequireTwoFactor } from "~/server/team/team.server";
import { adminInviteHref } from "~/domain/admin-links";
import { serverClock } from "~/server/clock.server";

export type TeamActionResult = {
  ok: boolean;
  message: string;
  errors?: Record<string, string>;
  /** The one-time link of a new invitation, shown once to copy (e.g. into WhatsApp). */
  inviteUrl?: string;
};

export type TeamActor = { id: string; email: string };

function answer(result: TeamActionResult, status = result.ok ? 200 : 400) {
  return data(result, { status });
}

function field(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

/**
 * The Team page's writes (owners only: the admin layout's guard), one per `intent`. A refusal
 * is a 400 with the field's message and changes nothing. The team service writes each change
 * with its audit row, and an invitation with its mail, as one command (decision 029).
 */
export async function teamAction(request: Request, services: AppServices, actor: TeamActor, origin: string) {
  const { db, logger, mailer } = services;
  const options = { actor };
  const read = await readAdminForm(request);
  if (!read.ok) return answer({ ok: false, message: read.message }, read.status);
  const { form } = read;
  const intent = field(form, "intent");
  try {
    return await dispatchFormIntent(
      intent,
      {
        invite: async () => {
          const { token, invite } = await createInvite(
            db,
            { email: field(form, "email"), role: field(form, "role") },
            actor.id,
            serverClock(),
            // With mail off the invitation's mail would go nowhere: the owner copies the link.
            { actor, mail: mailer.enabled ? { origin } : undefined },
          );
          const inviteUrl = origin + adminInviteHref(token);
          const message = mailer.enabled
            ? `Invitation is being emailed to ${invite.email}. You can also copy the link below.`
            : `Invitation created for ${invite.email}. Copy the link below and send it (it works once, for 72 hours).`;
          return answer({ ok: true, message, inviteUrl });
        },
        "revoke-invite": async () => {
          await revokeInvite(db, field(form, "inviteId"));
          return answer({ ok: true, message: "Invitation withdrawn." });
        },
        "change-role": async () => {
          const { role } = await changeRole(db, field(form, "userId"), field(form, "role"), options);
          return answer({ ok: true, message: `Role changed to ${ROLE_LABELS[role]}.` });
        },
        remove: async () => {
          await removeAdmin(db, field(form, "userId"), options);
          return answer({ ok: true, message: "Removed from the team. Their sessions have ended." });
        },
        "require-two-factor": async () => {
          const required = field(form, "required") === "true";
          await setRequireTwoFactor(db, required, serverClock(), options);
          return answer({
            ok: true,
            message: required
              ? "Two-factor sign-in is now required for everyone."
              : "Two-factor sign-in is now optional.",
          });
        },
      },
      () => answer({ ok: false, message: "Unknown action." }),
    );
  } catch (error) {
    if (error instanceof ValidationError) return answer({ ok: false, message: error.message, errors: error.errors });
    if (error instanceof NotFoundError) return answer({ ok: false, message: error.message }, 404);
    logger.error({ err: error, intent }, "team action failed");
    return answer({ ok: false, message: "The change could not be saved. Please try again." }, 500);
  }
}
