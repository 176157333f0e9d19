import { SUPPORTED_YEARS } from "~/domain/dates";
import type { RideDraft } from "./draft";

export type UpdateField = <K extends keyof RideDraft>(field: K, value: RideDraft[K]) => void;

/** What each section of the ride form receives; `update` is stable, `errors` changes only on submit. */
export type SectionProps = {
  draft: RideDraft;
  errors: Record<string, string>;
  update: UpdateField;
};

/** The element id of a ride form field, e.g. `ride-endDate`; its error is `ride-endDate-error`. */
export const fieldId = (path: string) => `ride-${path.replaceAll(".", "-")}`;

/** The date pickers' range: the years the ride form accepts (the server refuses others with a message). */
export const SUPPORTED_DATES = { min: `${SUPPORTED_YEARS.first}-01-01`, max: `${SUPPORTED_YEARS.last}-12-31` } as const;
