import { memo } from "react";
import { DEFAULT_GROUP_SIZE, DEFAULT_VEHICLE_TYPE } from "~/domain/defaults";
import { DIFFICULTIES } from "~/domain/ride";
import { FormSection, SelectInput, TextInput } from "../form/fields";
import { fieldId, type SectionProps } from "./section-props";

const DIFFICULTY_OPTIONS = [
  { value: "", label: "Not set" },
  ...DIFFICULTIES.map((difficulty) => ({ value: difficulty, label: difficulty })),
];

export const OverviewSection = memo(function OverviewSection({ draft, errors, update }: SectionProps) {
  return (
    <FormSection title="Overview details">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextInput
          id={fieldId("vehicleType")}
          label="Vehicle type"
          optional
          value={draft.vehicleType}
          onChange={(value) => update("vehicleType", value)}
          error={errors.vehicleType}
          hint={`Visitors see '${DEFAULT_VEHICLE_TYPE}' when left empty`}
        />
        <SelectInput
          id={fieldId("difficulty")}
          label="Difficulty"
          optional
          value={draft.difficulty}
          options={DIFFICULTY_OPTIONS}
          onChange={(value) => update("difficulty", value)}
          error={errors.difficulty}
        />
        <TextInput
          id={fieldId("maxParticipants")}
          label="Group size"
          optional
          value={draft.maxParticipants}
          onChange={(value) => update("maxParticipants", value)}
          error={errors.maxParticipants}
          hint={`For example 10-15; visitors see '${DEFAULT_GROUP_SIZE}' when left empty`}
        />
        <TextInput
          id={fieldId("bestSeason")}
          label="Best season"
          optional
          value={draft.bestSeason}
          onChange={(value) => update("bestSeason", value)}
          error={errors.bestSeason}
          placeholder="October to March"
        />
        <TextInput
          id={fieldId("startingPlace")}
          label="Starting place"
          optional
          value={draft.startingPlace}
          onChange={(value) => update("startingPlace", value)}
          error={errors.startingPlace}
          placeholder="Mall Road, Manali"
          hint="Where the ride starts. Search engines show it when the ride has no route with a meeting point; left empty, they show the company's location"
        />
      </div>
    </FormSection>
  );
});
