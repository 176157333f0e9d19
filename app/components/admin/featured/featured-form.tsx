import { ExternalLink } from "lucide-react";
import { type FormEvent, useMemo } from "react";
import { FeaturedBanner } from "~/components/featured-banner";
import { DEFAULT_CTA_TEXT, type FeaturedRide, type FeaturedRideInput, featuredRideInputSchema } from "~/domain/content";
import { Checkbox, TextArea, TextInput } from "../form/fields";
import { useAdminForm } from "../form/use-admin-form";
import { useUnsavedChangesGuard } from "../form/use-unsaved-changes-guard";
import { ImageUploadField } from "../image-upload-field";
import { useDraft } from "../use-draft";
import { previewBanner, usePreviewPublisher } from "./preview";
import { SaveButton } from "../form/form-buttons";
import { StaleVersionBanner } from "../form/stale-version-banner";
import { ADMIN_FEATURED_PREVIEW_PATH } from "~/domain/admin-links";

/** product.md#admin-featured: the button says 'Know More' and the banner is active until the admin says otherwise. */
const NEW_BANNER: FeaturedRideInput = {
  title: "",
  subtitle: "",
  description: "",
  image: "",
  ctaText: DEFAULT_CTA_TEXT,
  ctaLink: "",
  isActive: true,
};

const DRAFT_OPTIONS = {
  toDraft: (stored: FeaturedRide | null): FeaturedRideInput => {
    if (!stored) return NEW_BANNER;
    const { updatedAt: _updatedAt, ...values } = stored;
    return values;
  },
  revision: (stored: FeaturedRide | null) => stored?.updatedAt ?? "none",
};

type FeaturedFormProps = { stored: FeaturedRide | null; onMessage: (text: string) => void };

export function FeaturedForm({ stored, onMessage }: FeaturedFormProps) {
  const { draft, setDraft, dirty, stale, takeLatest, saved } = useDraft(stored, DRAFT_OPTIONS);
  useUnsavedChangesGuard(dirty);
  const { formRef, errors, clearErrors, saving, submit } = useAdminForm({
    schema: featuredRideInputSchema,
    onMessage,
    onSaved: (result) => {
      if ("featured" in result && result.featured) saved(result.featured as FeaturedRide);
    },
  });
  usePreviewPublisher(draft);
  const banner = useMemo(() => previewBanner(draft), [draft]);

  function set<K extends keyof FeaturedRideInput>(key: K, value: FeaturedRideInput[K]) {
    setDraft((previous) => ({ ...previous, [key]: value }));
    clearErrors(key);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    submit(draft, { featured: draft });
  }

  function openPreview() {
    window.open(ADMIN_FEATURED_PREVIEW_PATH, "roadbook-featured-preview", "popup,width=1200,height=760");
  }

  return (
    // One column: the banner lays itself out by the viewport's width, as on the home page.
    <div className="space-y-8">
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="featured-form-title"
        className="max-w-3xl space-y-4 rounded-card border border-ink-200 bg-white p-4 shadow-card sm:p-6"
      >
        <h2 id="featured-form-title" className="font-display text-xl font-bold text-ink-900">
          Banner details
        </h2>
        {stale && (
          <StaleVersionBanner onTakeLatest={takeLatest}>
            Someone else saved the banner while you were editing it. Saving now replaces their version.
          </StaleVersionBanner>
        )}
        <TextInput
          id="featured-title"
          label="Banner title"
          value={draft.title}
          onChange={(value) => set("title", value)}
          error={errors.title}
        />
        <TextInput
          id="featured-subtitle"
          label="Ride title"
          value={draft.subtitle}
          onChange={(value) => set("subtitle", value)}
          error={errors.subtitle}
        />
        <TextArea
          id="featured-description"
          label="Description"
          value={draft.description}
          onChange={(value) => set("description", value)}
          error={errors.description}
        />
        <ImageUploadField
          name="image"
          label="Banner image"
          optional
          folder="featured-rides"
          value={draft.image}
          onChange={(url) => set("image", url)}
          error={errors.image}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextInput
            id="featured-ctaText"
            label="Button text"
            value={draft.ctaText}
            onChange={(value) => set("ctaText", value)}
            error={errors.ctaText}
          />
          <TextInput
            id="featured-ctaLink"
            label="Button link"
            optional
            value={draft.ctaLink}
            onChange={(value) => set("ctaLink", value.trim())}
            error={errors.ctaLink}
            placeholder="/ride/… or https://…"
            hint="A ride page (/ride/…) or a web address; empty goes to the first upcoming ride"
          />
        </div>
        <Checkbox
          id="featured-isActive"
          label="Active (shown on the home page)"
          checked={draft.isActive}
          onChange={(checked) => set("isActive", checked)}
        />
        <div className="flex flex-wrap gap-3">
          <button
            type="button"
            onClick={openPreview}
            className="inline-flex min-h-11 items-center gap-2 rounded-md border border-ink-300 px-4 font-semibold text-ink-800 hover:bg-ink-50"
          >
            <ExternalLink aria-hidden="true" className="size-4" />
            Preview Banner<span className="sr-only"> (opens a pop-up window)</span>
          </button>
          <SaveButton saving={saving} label="Save Featured Ride" />
        </div>
      </form>
      <section aria-labelledby="live-preview-heading" className="min-w-0 space-y-2">
        <h2 id="live-preview-heading" className="font-display text-xl font-bold text-ink-900">
          Live preview
        </h2>
        {!draft.isActive && <p className="text-sm text-ink-600">The banner is not active: visitors do not see it.</p>}
        <div className="overflow-hidden rounded-card border border-ink-200" data-testid="featured-live-preview" inert>
          <FeaturedBanner featured={banner} firstUpcomingRideId={null} />
        </div>
      </section>
    </div>
  );
}
