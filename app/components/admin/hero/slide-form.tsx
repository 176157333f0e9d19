import type { FormEvent } from "react";
import { type HeroSlide, type HeroSlideInput, heroSlideInputSchema } from "~/domain/content";
import { Checkbox, TextInput } from "../form/fields";
import { useAdminForm } from "../form/use-admin-form";
import { useUnsavedChangesGuard } from "../form/use-unsaved-changes-guard";
import { ImageUploadField } from "../image-upload-field";
import { useDraft } from "../use-draft";
import { CancelButton, SaveButton } from "../form/form-buttons";
import { DraftButton, sentAsDraft } from "../publishing/draft-button";
import { StaleVersionBanner } from "../form/stale-version-banner";

export type SlideFormSource = { mode: "add" } | { mode: "edit"; slide: HeroSlide };

/** product.md#admin-hero: a new slide is active. */
const EMPTY_SLIDE: HeroSlideInput = { title: "", subtitle: "", tagline: "", cta: "", background: "", isActive: true };

const DRAFT_OPTIONS = {
  toDraft: (source: SlideFormSource): HeroSlideInput => {
    if (source.mode === "add") return EMPTY_SLIDE;
    const { title, subtitle, tagline, cta, background, isActive } = source.slide;
    return { title, subtitle, tagline, cta, background, isActive };
  },
  revision: (source: SlideFormSource) =>
    source.mode === "edit" ? `${source.slide.id}@${source.slide.updatedAt}` : "new",
};

type TextKey = "title" | "subtitle" | "tagline" | "cta";
const TEXT_FIELDS: { key: TextKey; label: string; placeholder: string }[] = [
  { key: "title", label: "Title", placeholder: "Ride Beyond Limits" },
  { key: "subtitle", label: "Subtitle", placeholder: "Weekend escapes and epic expeditions" },
  { key: "tagline", label: "Tagline", placeholder: "Join 300+ riders exploring India" },
  { key: "cta", label: "Button text", placeholder: "Explore Rides" },
];

type SlideFormProps = { source: SlideFormSource; onMessage: (text: string) => void; onClose: () => void };

/**
 * Add or edit a hero slide (product.md#admin-hero): every field is required and the background
 * must be an image URL.
 */
export function SlideForm({ source, onMessage, onClose }: SlideFormProps) {
  const { draft, setDraft, dirty, stale, takeLatest } = useDraft(source, DRAFT_OPTIONS);
  const allowLeave = useUnsavedChangesGuard(dirty);
  const close = () => {
    allowLeave();
    onClose();
  };
  const { formRef, errors, clearErrors, saving, submit } = useAdminForm({
    schema: heroSlideInputSchema,
    onMessage,
    onSaved: close,
  });
  const editing = source.mode === "edit";

  function set<K extends keyof HeroSlideInput>(key: K, value: HeroSlideInput[K]) {
    setDraft((previous) => ({ ...previous, [key]: value }));
    clearErrors(key);
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (source.mode === "edit") submit(draft, { intent: "update", id: source.slide.id, slide: draft });
    else submit(draft, { intent: "create", slide: draft, draft: sentAsDraft(event) });
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="slide-form-title"
      className="space-y-4 rounded-card border border-ink-200 bg-white p-4 shadow-card sm:p-6"
    >
      <h2 id="slide-form-title" className="font-display text-xl font-bold text-ink-900">
        {editing ? "Edit Slide" : "Add New Slide"}
      </h2>
      {stale && (
        <StaleVersionBanner onTakeLatest={takeLatest}>
          Someone else changed this slide while you were editing it.
        </StaleVersionBanner>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        {TEXT_FIELDS.map(({ key, label, placeholder }) => (
          <TextInput
            key={key}
            id={`slide-${key}`}
            label={label}
            placeholder={placeholder}
            value={draft[key]}
            onChange={(value) => set(key, value)}
            error={errors[key]}
          />
        ))}
      </div>
      <ImageUploadField
        name="background"
        label="Background image"
        folder="hero"
        value={draft.background}
        onChange={(url) => set("background", url)}
        error={errors.background}
      />
      <Checkbox
        id="slide-isActive"
        label="Active (shown in the carousel)"
        checked={draft.isActive}
        onChange={(checked) => set("isActive", checked)}
      />
      <div className="flex flex-wrap gap-3">
        <SaveButton saving={saving} label={editing ? "Update Slide" : "Add Slide"} />
        {editing ? null : <DraftButton saving={saving} />}
        <CancelButton onClick={close} />
      </div>
    </form>
  );
}
