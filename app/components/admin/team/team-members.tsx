import { Form } from "react-router";
import { ADMIN_ROLES, ROLE_LABELS } from "~/domain/roles";
import type { PendingInvite, TeamMember } from "~/domain/team";
import { formatIndiaDateTime } from "~/domain/dates";

const smallButton =
  "inline-flex min-h-11 items-center rounded-md border border-ink-300 bg-white px-3 text-sm font-semibold text-ink-900 hover:bg-ink-50 disabled:opacity-70";

/** India time, as the team reads it, whatever the server's TZ. */
function when(iso: string | null): string {
  return iso ? formatIndiaDateTime(iso) : "Never";
}

/** The admins: role (changeable), last sign-in, active sessions, two-factor, and Remove. */
export function TeamMembers({ members, me, busy }: { members: TeamMember[]; me: string; busy: boolean }) {
  return (
    <section aria-labelledby="members-heading" className="space-y-3">
      <h2 id="members-heading" className="text-xl font-bold text-ink-900">
        Admins
      </h2>
      <ul className="space-y-3" aria-label="Admins">
        {members.map((member) => {
          const name = member.displayName || member.email;
          return (
            <li key={member.id} className="rounded-card bg-white p-4 shadow-card" aria-label={name}>
              <p className="font-semibold text-ink-900">
                {name}
                {member.id === me ? <span className="ml-2 text-sm font-normal text-ink-600">(you)</span> : null}
              </p>
              {member.displayName ? <p className="text-sm text-ink-600">{member.email}</p> : null}
              <dl className="mt-2 grid gap-x-6 gap-y-1 text-sm text-ink-700 sm:grid-cols-3">
                <div>
                  <dt className="inline font-semibold">Last sign-in: </dt>
                  <dd className="inline">{when(member.lastLoginAt)}</dd>
                </div>
                <div>
                  <dt className="inline font-semibold">Active sessions: </dt>
                  <dd className="inline">{member.activeSessions}</dd>
                </div>
                <div>
                  <dt className="inline font-semibold">Two-factor: </dt>
                  <dd className="inline">{member.twoFactor ? "On" : "Off"}</dd>
                </div>
              </dl>
              <div className="mt-3 flex flex-wrap items-end gap-2">
                <Form method="post" className="flex items-end gap-2">
                  <input type="hidden" name="intent" value="change-role" />
                  <input type="hidden" name="userId" value={member.id} />
                  <label className="text-sm font-semibold text-ink-800">
                    Role
                    <select
                      name="role"
                      defaultValue={member.role}
                      aria-label={`Role of ${name}`}
                      className="mt-1 block min-h-11 rounded-lg border border-ink-300 bg-white px-3"
                    >
                      {ADMIN_ROLES.map((role) => (
                        <option key={role} value={role}>
                          {ROLE_LABELS[role]}
                        </option>
                      ))}
                    </select>
                  </label>
                  <button type="submit" disabled={busy} className={smallButton} aria-label={`Change role of ${name}`}>
                    Change role
                  </button>
                </Form>
                <Form
                  method="post"
                  onSubmit={(event) => {
                    if (!window.confirm(`Remove ${name} from the team? Their sessions end at once.`))
                      event.preventDefault();
                  }}
                >
                  <input type="hidden" name="intent" value="remove" />
                  <input type="hidden" name="userId" value={member.id} />
                  <button
                    type="submit"
                    disabled={busy}
                    className={`${smallButton} text-red-800`}
                    aria-label={`Remove ${name}`}
                  >
                    Remove
                  </button>
                </Form>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Invitations not yet used or expired, each withdrawable. */
export function PendingInvites({ invites, busy }: { invites: PendingInvite[]; busy: boolean }) {
  if (invites.length === 0) return null;
  return (
    <section aria-labelledby="pending-heading" className="space-y-3">
      <h2 id="pending-heading" className="text-xl font-bold text-ink-900">
        Pending invitations
      </h2>
      <ul className="space-y-2" aria-label="Pending invitations">
        {invites.map((invite) => (
          <li
            key={invite.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-card bg-white p-4 shadow-card"
          >
            <span>
              <span className="font-semibold">{invite.email}</span> · {ROLE_LABELS[invite.role]} · until{" "}
              {when(invite.expiresAt)}
            </span>
            <Form method="post">
              <input type="hidden" name="intent" value="revoke-invite" />
              <input type="hidden" name="inviteId" value={invite.id} />
              <button
                type="submit"
                disabled={busy}
                className={smallButton}
                aria-label={`Withdraw invitation of ${invite.email}`}
              >
                Withdraw
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
