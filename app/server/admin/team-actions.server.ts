import { data } from "react-router";
import { ROLE_LABELS } from "~/domain/roles";
import { SITE_NAME } from "~/domain/site";
import type { AppServices } from "~/context";
import { ValidationError, NotFoundError } from "../services/errors.server";
import { readAdminForm } from "./read-form.server";
import { auditChange } from "./respond.server";
import { changeRole, createInvite, removeAdmin, revokeInvite, setRequireTwoFactor } from "../services/team.server";
import { adminInviteHref } from "~/domain/links";

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
 * is a 400 with the field's message and changes nothing.
 */
export async function teamAction(request: Request, services: AppServices, actor: TeamActor, origin: string) {
  const { db, logger, mailer } = services;
  const read = await readAdminForm(request);
  if (!read.ok) return answer({ ok: false, message: read.message }, read.status);
  const { form } = read;
  const intent = field(form, "intent");
  try {
    switch (intent) {
      case "invite": {
        const { token, invite } = await createInvite(
          db,
          { email: field(form, "email"), role: field(form, "role") },
          actor.id,
        );
        const inviteUrl = origin + adminInviteHref(token);
        await auditChange(services, actor, {
          action: "created",
          collection: "team",
          recordId: null,
          summary: `Invited ${invite.email} as ${ROLE_LABELS[invite.role]}`,
        });
        const emailed =
          mailer.enabled &&
          (await mailer.send({
            to: invite.email,
            subject: `You are invited to the ${SITE_NAME} admin team`,
            text: [
              `${actor.email} invites you to the ${SITE_NAME} admin portal as ${ROLE_LABELS[invite.role]}.`,
              "",
              `Open this link within 72 hours to join (it works once): ${inviteUrl}`,
            ].join("\n"),
          }));
        const message = emailed
          ? `Invitation emailed to ${invite.email}. You can also copy the link below.`
          : `Invitation created for ${invite.email}. Copy the link below and send it (it works once, for 72 hours).`;
        return answer({ ok: true, message, inviteUrl });
      }
      case "revoke-invite":
        await revokeInvite(db, field(form, "inviteId"));
        return answer({ ok: true, message: "Invitation withdrawn." });
      case "change-role": {
        const { role, email } = await changeRole(db, field(form, "userId"), field(form, "role"));
        await auditChange(services, actor, {
          action: "updated",
          collection: "team",
          recordId: field(form, "userId"),
          summary: `Made ${email} ${ROLE_LABELS[role]}`,
        });
        return answer({ ok: true, message: `Role changed to ${ROLE_LABELS[role]}.` });
      }
      case "remove": {
        const { email } = await removeAdmin(db, field(form, "userId"));
        await auditChange(services, actor, {
          action: "deleted",
          collection: "team",
          recordId: field(form, "userId"),
          summary: `Removed ${email} from the team`,
        });
        return answer({ ok: true, message: "Removed from the team. Their sessions have ended." });
      }
      case "require-two-factor": {
        const required = field(form, "required") === "true";
        await setRequireTwoFactor(db, required);
        await auditChange(services, actor, {
          action: "updated",
          collection: "team",
          recordId: null,
          summary: required ? "Required two-factor sign-in for everyone" : "Made two-factor sign-in optional",
        });
        return answer({
          ok: true,
          message: required
            ? "Two-factor sign-in is now required for everyone."
            : "Two-factor sign-in is now optional.",
        });
      }
      default:
        return answer({ ok: false, message: "Unknown action." });
    }
  } catch (error) {
    if (error instanceof ValidationError) return answer({ ok: false, message: error.message, errors: error.errors });
    if (error instanceof NotFoundError) return answer({ ok: false, message: error.message }, 404);
    logger.error({ err: error, intent }, "team action failed");
    return answer({ ok: false, message: "The change could not be saved. Please try again." }, 500);
  }
}
