import type { ReactNode } from "react";

// A feature's part of the registration form (register-form.tsx, decision 050): the form is an
// island, so its parts come from a list it imports itself (app/features/slots/register-form.tsx),
// each reading its own props of the form's.

/**
 * Where a feature's part shows: under the form's error summary, at the end of "Before you book"
 * (after the consent), or after that fieldset, before the honeypot and the button.
 */
export type RegisterPlace = "top" | "beforeYouBook" | "end";

export type RegisterSlot<Part> = {
  feature: string;
  place: RegisterPlace;
  /** Its fields whose messages the error summary lists, after the core's, in this order. */
  fields?: readonly string[];
  render: (field: { part: Part; values: Record<string, string>; errors: Record<string, string> }) => ReactNode;
};

type PartOf<Slot> = Slot extends RegisterSlot<infer Part> ? Part : never;
type Merged<U> = (U extends unknown ? (part: U) => void : never) extends (part: infer I) => void ? I : never;

/** Every slot's props, merged: what the form's props add to the core's. */
export type RegisterParts<Slots extends readonly RegisterSlot<never>[]> = Merged<PartOf<Slots[number]>>;
