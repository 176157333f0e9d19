import { type FormEvent, useCallback } from "react";
import { useRevalidator } from "react-router";
import { rideInputSchema, type Ride } from "~/domain/ride";
import { useAdminForm } from "../form/use-admin-form";
import { useUnsavedChangesGuard } from "../form/use-unsaved-changes-guard";
import { useDraft } from "../use-draft";
import { BasicsSection } from "./basics-section";
import {
  type DraftDay,
  draftToInput,
  duplicateRideDraft,
  emptyRideDraft,
  type RideDraft,
  rideToDraft,
  withDates,
} from "./draft";
import { type UpdateDay, ItinerarySection } from "./itinerary-section";
import { CarrySection, ListSection } from "./list-section";
import { OverviewSection } from "./overview-section";
import { HowToJoinSection, PolicySection } from "./policy-section";
import { PricingSection, SocialSection } from "./pricing-section";
import { RegistrationSection } from "./registration-section";
import type { UpdateField } from "./section-props";
import { CancelButton, SaveButton } from "../form/form-buttons";
import { DraftButton, sentAsDraft } from "../publishing/draft-button";
import { StaleVersionBanner } from "../form/stale-version-banner";

/** What the form edits: a new ride (possibly a copy of another) or a stored one. */
export type RideFormSource = { mode: "add"; copyOf: Ride | null } | { mode: "edit"; ride: Ride };

const DRAFT_OPTIONS = {
  toDraft: (source: RideFormSource): RideDraft =>
    source.mode === "edit"
      ? rideToDraft(source.ride)
      : source.copyOf
        ? duplicateRideDraft(source.copyOf)
        : emptyRideDraft(),
  revision: (source: RideFormSource) =>
    source.mode === "edit" ? `${source.ride.id}@${source.ride.version}` : `new:${source.copyOf?.id ?? ""}`,
  content: draftToInput,
};

type RideFormProps = {
  source: RideFormSource;
  /** The ride being edited was deleted by someone else: saving cannot succeed. */
  deleted?: boolean;
  onMessage: (text: string) => void;
  onClose: () => void;
};

export function RideForm({ source, deleted = false, onMessage, onClose }: RideFormProps) {
  const { revalidate } = useRevalidator();
  const { draft, setDraft, dirty, base, stale, takeLatest, keepMine } = useDraft(source, DRAFT_OPTIONS);
  const allowLeave = useUnsavedChangesGuard(dirty);
  const close = useCallback(() => {
    allowLeave();
    onClose();
  }, [allowLeave, onClose]);
  const { formRef, errors, clearErrors, saving, submit } = useAdminForm({
    schema: rideInputSchema,
    onMessage,
    onSaved: close,
    // The newest version arrives with the reload; useDraft then offers it (see the banner).
    onFailed: (result) => {
      if (result.conflict) void revalidate();
    },
  });
  const editing = source.mode === "edit";

  const update: UpdateField = useCallback(
    (field, value) => {
      setDraft((previous) => ({ ...previous, [field]: value }));
      clearErrors(field);
    },
    [setDraft, clearErrors],
  );
  const setDates = useCallback(
    (startDate: string, endDate: string) => {
      setDraft((previous) => withDates(previous, startDate, endDate));
      clearErrors("startDate", "endDate");
    },
    [setDraft, clearErrors],
  );
  const updateDay: UpdateDay = useCallback(
    (index, patch: Partial<DraftDay>) => {
      setDraft((previous) => ({
        ...previous,
        itinerary: previous.itinerary.map((day, position) => (position === index ? { ...day, ...patch } : day)),
      }));
    },
    [setDraft],
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const ride = draftToInput(draft);
    if (base.mode === "edit") submit(ride, { intent: "update", id: base.ride.id, version: base.ride.version, ride });
    else submit(ride, { intent: "create", copyOf: base.copyOf?.id ?? "", ride, draft: sentAsDraft(event) });
  }

  const sectionProps = { draft, errors, update };
  const unplaced = Object.entries(errors).filter(([path]) => !((path.split(".")[0] ?? "") in draft));

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-labelledby="ride-form-title" className="space-y-6">
      <h2 id="ride-form-title" className="font-display text-2xl font-bold text-ink-900">
        {editing ? "Edit Ride" : source.copyOf ? "Add New Ride (copy)" : "Add New Ride"}
      </h2>
      {deleted && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800">
          Someone else deleted this ride while you were editing it. Saving will fail; copy anything you want to keep.
        </p>
      )}
      {stale && !deleted && (
        <StaleVersionBanner onTakeLatest={takeLatest} onKeepMine={keepMine}>
          Someone else saved a newer version of this ride while you were editing it. Saving now would replace their
          changes.
        </StaleVersionBanner>
      )}
      {unplaced.length > 0 && (
        <ul
          role="alert"
          className="list-inside list-disc rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-800"
        >
          {unplaced.map(([path, message]) => (
            <li key={path}>{message}</li>
          ))}
        </ul>
      )}
      <BasicsSection {...sectionProps} setDates={setDates} />
      <OverviewSection {...sectionProps} />
      <ListSection
        title="Highlights"
        description="Visitors see the default highlights while this is empty."
        field="highlights"
        itemLabel="Highlight"
        items={draft.highlights}
        update={update}
      />
      <ItinerarySection itinerary={draft.itinerary} errors={errors} updateDay={updateDay} />
      <ListSection
        title="What's included"
        field="included"
        itemLabel="Included item"
        items={draft.included}
        update={update}
      />
      <ListSection
        title="What's not included"
        field="excluded"
        itemLabel="Excluded item"
        items={draft.excluded}
        update={update}
      />
      <CarrySection mandatory={draft.thingsToCarryMandatory} suggested={draft.thingsToCarrySuggested} update={update} />
      <PricingSection {...sectionProps} />
      <RegistrationSection {...sectionProps} />
      <SocialSection {...sectionProps} />
      <PolicySection {...sectionProps} />
      <HowToJoinSection {...sectionProps} />
      <div className="sticky bottom-0 z-10 -mx-4 flex flex-wrap gap-3 border-t border-ink-200 bg-white/95 px-4 py-3 sm:mx-0 sm:rounded-card sm:border">
        <SaveButton saving={saving} label={editing ? "Update Ride" : "Add Ride"} />
        {editing ? null : <DraftButton saving={saving} />}
        <CancelButton onClick={close} />
      </div>
    </form>
  );
}
