import { memo } from "react";
import { FormSection, TextArea, TextInput } from "../form/fields";
import type { ListItem } from "../form/list-item";
import { ListEditor } from "../form/list-editor";
import type { DraftDay } from "./draft";
import { fieldId } from "./section-props";

export type UpdateDay = (index: number, patch: Partial<DraftDay>) => void;

type ItinerarySectionProps = {
  itinerary: DraftDay[];
  errors: Record<string, string>;
  updateDay: UpdateDay;
};

/**
 * One editor per ride day, generated from the dates (product.md#itinerary). Each day editor re-renders only
 * when its own day changes, so a month-long itinerary stays quick to type in.
 */
export const ItinerarySection = memo(function ItinerarySection({
  itinerary,
  errors,
  updateDay,
}: ItinerarySectionProps) {
  return (
    <FormSection
      title="Itinerary"
      description="One day per ride day, planned from the start and end dates. Changing a date keeps the days already written."
    >
      {itinerary.length === 0 ? (
        <p className="text-sm text-ink-600">Choose the start and end dates to plan the days.</p>
      ) : (
        <ol className="space-y-4">
          {itinerary.map((day, index) => (
            <DayEditor key={day.day} day={day} index={index} errors={errors} updateDay={updateDay} />
          ))}
        </ol>
      )}
    </FormSection>
  );
});

type DayEditorProps = { day: DraftDay; index: number; errors: Record<string, string>; updateDay: UpdateDay };

const DayEditor = memo(function DayEditor({ day, index, errors, updateDay }: DayEditorProps) {
  const path = (field: string) => `itinerary.${index}.${field}`;
  return (
    <li className="rounded-lg border border-ink-200 bg-ink-50 p-3 sm:p-4">
      <fieldset className="min-w-0 space-y-3">
        <legend className="font-semibold text-ink-900">Day {day.day}</legend>
        <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
          <TextInput
            id={fieldId(path("title"))}
            label={`Day ${day.day} title`}
            optional
            value={day.title}
            onChange={(title) => updateDay(index, { title })}
            error={errors[path("title")]}
          />
          <TextInput
            id={fieldId(path("distance"))}
            label={`Day ${day.day} distance`}
            optional
            value={day.distance}
            onChange={(distance) => updateDay(index, { distance })}
            error={errors[path("distance")]}
            placeholder="120 km"
          />
        </div>
        <TextArea
          id={fieldId(path("description"))}
          label={`Day ${day.day} description`}
          optional
          rows={3}
          value={day.description}
          onChange={(description) => updateDay(index, { description })}
          error={errors[path("description")]}
        />
        <ListEditor
          id={fieldId(path("activities"))}
          label={`Day ${day.day} activities`}
          itemLabel={`Day ${day.day} activity`}
          items={day.activities}
          onChange={(activities: ListItem[]) => updateDay(index, { activities })}
        />
      </fieldset>
    </li>
  );
});
