import type { PageSection } from "./page-section";

/** A place's sections whose part the page's data holds, in the list's order (a part that failed to load is absent). */
export function PageSections<Props extends object>({
  sections,
  data,
  props,
}: {
  sections: readonly PageSection<string, never, Props>[];
  data: Readonly<Record<string, unknown>>;
  props: Props;
}) {
  return sections.map(({ name, Section }) => {
    const part = data[name];
    // The list's types pair each section with its own part of the data (SectionsOf).
    return part === undefined ? null : <Section key={name} {...props} data={part as never} />;
  });
}
