import { memo } from "react";
import { durationText } from "~/domain/duration";
import { RIDE_STATUSES } from "~/domain/ride";
import { MAX_PARTICIPANTS } from "~/domain/ride-values";
import { ImageUploadField } from "../image-upload-field";
import { Checkbox, FormSection, SelectInput, TextArea, TextInput } from "../form/fields";
import { fieldId, type SectionProps, SUPPORTED_DATES } from "./section-props";

export const STATUS_LABELS = { upcoming: "Upcoming", completed: "Completed", cancelled: "Cancelled" } as const;
const STATUS_OPTIONS = RIDE_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }));

type BasicsProps = SectionProps & { setDates: (startDate: string, endDate: string) => void };

export const BasicsSection = memo(function BasicsSection({ draft, errors, update, setDates }: BasicsProps) {
  return (
    <FormSection title="Basics">
      <TextInput
        id={fieldId("title")}
        label="Title"
        value={draft.title}
        onChange={(value) => update("title", value)}
        error={errors.title}
      />
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInput
          id={fieldId("startDate")}
          label="Start date"
          type="date"
          value={draft.startDate}
          {...SUPPORTED_DATES}
          onChange={(value) => setDates(value, draft.endDate)}
          error={errors.startDate}
        />
        <TextInput
          id={fieldId("endDate")}
          label="End date"
          type="date"
          value={draft.endDate}
          {...SUPPORTED_DATES}
          min={draft.startDate || SUPPORTED_DATES.min}
          onChange={(value) => setDates(draft.startDate, value)}
          error={errors.endDate}
        />
        <TextInput
          id={fieldId("duration")}
          label="Duration"
          readOnly
          value={durationText(draft.startDate, draft.endDate)}
          onChange={() => {}}
          hint="Calculated from the dates"
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <TextInput
          id={fieldId("distance")}
          label="Distance"
          value={draft.distance}
          onChange={(value) => update("distance", value)}
          error={errors.distance}
          placeholder="450 km"
        />
        <TextInput
          id={fieldId("participants")}
          label="Participants"
          optional
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX_PARTICIPANTS}
          step={1}
          value={draft.participants}
          onChange={(value) => update("participants", value)}
          error={errors.participants}
        />
        <SelectInput
          id={fieldId("status")}
          label="Status"
          value={draft.status}
          options={STATUS_OPTIONS}
          onChange={(value) => update("status", RIDE_STATUSES.find((status) => status === value) ?? "upcoming")}
          error={errors.status}
        />
      </div>
      <ImageUploadField
        name="image"
        label="Ride image"
        optional
        folder="rides"
        value={draft.image}
        onChange={(url) => update("image", url)}
        error={errors.image}
      />
      <TextArea
        id={fieldId("description")}
        label="Description"
        value={draft.description}
        onChange={(value) => update("description", value)}
        error={errors.description}
      />
      <Checkbox
        id={fieldId("featured")}
        label="Featured ride"
        checked={draft.featured}
        onChange={(checked) => update("featured", checked)}
      />
    </FormSection>
  );
});
