import type { ReactNode } from "react";

// A feature's section in one place of a public page (decision 050): the lists in
// app/features/slots/<place>.tsx, in the order the page draws them, each with the component that
// draws the feature's part of the page's data (read by the list of the same place's .server.ts).

export type PageSection<Name extends string, Data, Props = object> = {
  /** The feature's folder: its part's key in the page's data. */
  name: Name;
  /** A function component drawing the feature's part. */
  Section: (props: Props & { data: Data }) => ReactNode;
};

/** A place's list, typed by the page's data: each feature's section takes its own part. */
export type SectionsOf<Data, Props = object, Extra = unknown> = {
  [Name in keyof Data & string]-?: PageSection<Name, NonNullable<Data[Name]>, Props> & Extra;
}[keyof Data & string];

/** Where on a ride's page a feature's section goes: after the page's own section of that name, in the main column. */
export type RidePagePlace = { after: "overview" | "policy" };
