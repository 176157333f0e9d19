import { memo } from "react";
import { FormSection } from "../form/fields";
import type { ListItem } from "../form/list-item";
import { ListEditor } from "../form/list-editor";
import type { ListField } from "./draft";
import { fieldId, type UpdateField } from "./section-props";

type ListSectionProps = {
  title: string;
  description?: string;
  field: ListField;
  itemLabel: string;
  items: ListItem[];
  update: UpdateField;
};

/** Highlights, inclusions, exclusions: a section holding one list of short texts. */
export const ListSection = memo(function ListSection({
  title,
  description,
  field,
  itemLabel,
  items,
  update,
}: ListSectionProps) {
  return (
    <FormSection title={title} description={description}>
      <ListEditor
        id={fieldId(field)}
        label={title}
        itemLabel={itemLabel}
        items={items}
        onChange={(next) => update(field, next)}
      />
    </FormSection>
  );
});

type CarrySectionProps = { mandatory: ListItem[]; suggested: ListItem[]; update: UpdateField };

export const CarrySection = memo(function CarrySection({ mandatory, suggested, update }: CarrySectionProps) {
  return (
    <FormSection title="Things to carry" description="Visitors see the default lists while these are empty.">
      <div className="grid gap-6 md:grid-cols-2">
        <ListEditor
          id={fieldId("thingsToCarryMandatory")}
          label="Mandatory"
          itemLabel="Mandatory item"
          items={mandatory}
          onChange={(items) => update("thingsToCarryMandatory", items)}
        />
        <ListEditor
          id={fieldId("thingsToCarrySuggested")}
          label="Suggested"
          itemLabel="Suggested item"
          items={suggested}
          onChange={(items) => update("thingsToCarrySuggested", items)}
        />
      </div>
    </FormSection>
  );
});
