import { useId, useState } from "react";
import { Form } from "react-router";
import { ADMIN_ROLES, ROLE_LABELS } from "~/domain/roles";
import { AccountField, accountFieldClass } from "../account-field";

const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-md bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700 disabled:opacity-70";

/** The invitation form: an email and the role the invitee gets. */
export function InviteForm({ errors, busy }: { errors: Record<string, string> | undefined; busy: boolean }) {
  const roleId = useId();
  return (
    <section aria-labelledby="invite-heading" className="rounded-card bg-white p-5 shadow-card">
      <h2 id="invite-heading" className="text-xl font-bold text-ink-900">
        Invite someone
      </h2>
      <Form method="post" className="mt-3 grid gap-4 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <input type="hidden" name="intent" value="invite" />
        <AccountField label="Email" name="email" type="email" required autoComplete="off" error={errors?.email} />
        <div>
          <label htmlFor={roleId} className="block text-sm font-semibold text-ink-800">
            Role
          </label>
          <select id={roleId} name="role" defaultValue="editor" className={accountFieldClass}>
            {ADMIN_ROLES.map((role) => (
              <option key={role} value={role}>
                {ROLE_LABELS[role]}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" disabled={busy} className={buttonClass}>
          Create invitation
        </button>
      </Form>
    </section>
  );
}

/** A new invitation's link, to copy or send through WhatsApp; shown once (only its hash is stored). */
export function InviteLink({ url }: { url: string }) {
  const id = useId();
  const [copied, setCopied] = useState(false);
  const whatsApp = `https://wa.me/?text=${encodeURIComponent(`Join the admin team: ${url}`)}`;
  return (
    <div className="rounded-card border border-brand-200 bg-white p-5 shadow-card">
      <label htmlFor={id} className="block text-sm font-semibold text-ink-800">
        Invitation link (works once, for 72 hours)
      </label>
      <input
        id={id}
        readOnly
        value={url}
        className={`${accountFieldClass} font-mono text-sm`}
        onFocus={(e) => e.target.select()}
      />
      <div className="mt-3 flex flex-wrap gap-2">
        <button
          type="button"
          className={buttonClass}
          onClick={() => {
            void navigator.clipboard?.writeText(url).then(() => setCopied(true));
          }}
        >
          {copied ? "Link Copied!" : "Copy link"}
        </button>
        <a
          href={whatsApp}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center rounded-md border border-ink-300 px-4 font-semibold text-ink-900 hover:bg-ink-50"
        >
          Send on WhatsApp
        </a>
      </div>
    </div>
  );
}
