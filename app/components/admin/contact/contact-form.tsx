import type { FormEvent, InputHTMLAttributes } from "react";
import { configInputSchema, type SiteConfig } from "~/domain/content";
import { FormSection, TextInput } from "../form/fields";
import { useAdminForm } from "../form/use-admin-form";
import { useUnsavedChangesGuard } from "../form/use-unsaved-changes-guard";
import { useDraft } from "../use-draft";
import { SaveButton } from "../form/form-buttons";
import { StaleVersionBanner } from "../form/stale-version-banner";

type Group = "company" | "socialMedia";
type FieldSpec<G extends Group> = {
  key: keyof SiteConfig[G];
  label: string;
  type?: InputHTMLAttributes<HTMLInputElement>["type"];
  autoComplete?: string;
  placeholder?: string;
};

const COMPANY_FIELDS: FieldSpec<"company">[] = [
  { key: "name", label: "Company name", autoComplete: "organization" },
  { key: "email", label: "Email", type: "email", autoComplete: "email" },
  { key: "phone", label: "Phone", type: "tel", autoComplete: "tel" },
  { key: "location", label: "Location", placeholder: "Bengaluru, Karnataka, India" },
  { key: "businessHours", label: "Business hours", placeholder: "Mon-Sat 9 AM-6 PM" },
  { key: "upiId", label: "UPI id (riders pay booking amounts to it)", placeholder: "roadbook@okaxis" },
  { key: "upiName", label: "UPI payee name", placeholder: "Roadbook Riders" },
];

const SOCIAL_FIELDS: FieldSpec<"socialMedia">[] = [
  { key: "instagram", label: "Instagram link", type: "url", placeholder: "https://www.instagram.com/…" },
  { key: "youtube", label: "YouTube link", type: "url", placeholder: "https://www.youtube.com/@…" },
  { key: "whatsapp", label: "WhatsApp link", type: "url", placeholder: "https://wa.me/91…" },
  { key: "email", label: "Email link", placeholder: "mailto:hello@example.com" },
];

const DRAFT_OPTIONS = {
  toDraft: (config: SiteConfig) => config,
  revision: (config: SiteConfig) => JSON.stringify(config),
};

type ContactFormProps = { config: SiteConfig; onMessage: (text: string) => void };

/** Contact and company details (product.md#admin-contact): company details, social links and the community form. */
export function ContactForm({ config, onMessage }: ContactFormProps) {
  const { draft, setDraft, dirty, stale, takeLatest } = useDraft(config, DRAFT_OPTIONS);
  useUnsavedChangesGuard(dirty);
  const { formRef, errors, clearErrors, saving, submit } = useAdminForm({ schema: configInputSchema, onMessage });

  function setField<G extends Group>(group: G, key: keyof SiteConfig[G], value: string) {
    setDraft((previous) => ({ ...previous, [group]: { ...previous[group], [key]: value } }));
    clearErrors(`${group}.${String(key)}`);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit(draft, { config: draft });
  }

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Contact information" className="space-y-6">
      {stale && (
        <StaleVersionBanner onTakeLatest={takeLatest}>
          Someone else saved the contact information while you were editing it. Saving now replaces their version.
        </StaleVersionBanner>
      )}
      <FormSection title="Company">
        <div className="grid gap-4 sm:grid-cols-2">
          {COMPANY_FIELDS.map((field) => (
            <TextInput
              key={field.key}
              id={`contact-company-${field.key}`}
              label={field.label}
              optional
              type={field.type}
              autoComplete={field.autoComplete}
              placeholder={field.placeholder}
              value={draft.company[field.key] ?? ""}
              onChange={(value) => setField("company", field.key, value)}
              error={errors[`company.${field.key}`]}
            />
          ))}
        </div>
      </FormSection>
      <FormSection title="Social links">
        <div className="grid gap-4 sm:grid-cols-2">
          {SOCIAL_FIELDS.map((field) => (
            <TextInput
              key={field.key}
              id={`contact-social-${field.key}`}
              label={field.label}
              optional
              type={field.type}
              inputMode={field.type === "url" ? "url" : undefined}
              placeholder={field.placeholder}
              value={draft.socialMedia[field.key]}
              onChange={(value) => setField("socialMedia", field.key, value.trim())}
              error={errors[`socialMedia.${field.key}`]}
            />
          ))}
        </div>
      </FormSection>
      <FormSection title="Community form">
        <TextInput
          id="contact-googleForm"
          label="Community form link"
          optional
          type="url"
          inputMode="url"
          placeholder="https://forms.gle/…"
          hint="The form that 'Join Our Community' on the Contact page opens"
          value={draft.googleForm}
          onChange={(value) => {
            setDraft((previous) => ({ ...previous, googleForm: value.trim() }));
            clearErrors("googleForm");
          }}
          error={errors.googleForm}
        />
      </FormSection>
      <SaveButton saving={saving} label="Save Contact Information" />
    </form>
  );
}
