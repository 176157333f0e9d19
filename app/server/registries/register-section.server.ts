import type { RouterContextProvider } from "react-router";
import type { Ride } from "~/domain/ride";
import { type Merged, type PageRead, sharedReads } from "./booking-section.server";
import type { FeatureServer } from "./feature.server";

// A feature's part of a ride's registration page (routes/public/ride-register.tsx, decision 050):
// its props of the form, which its slot shows (app/features/slots/register-form.tsx), read by
// the page's loader.

/** What every part's reading starts from: the ride whose form it is. */
export type RegisterPageRead = PageRead & { ride: Ride };

export type RegisterPart<Props> = {
  /** Its props of the form (their keys are the feature's own). */
  props: Props;
  /** The values it fills the form in with (a signed-in rider's saved details). */
  values?: Record<string, string>;
  /** The headers its page needs: a page holding a signed-in rider's own details is private. */
  headers?: Record<string, string>;
};

export type RegisterSection<Props = unknown> = {
  load(page: RegisterPageRead): Promise<RegisterPart<Props>>;
};

type PropsOf<F> = F extends { registerPage: RegisterSection<infer Props> } ? Props : never;

/** Every feature's part read at once and merged: the form's props, values and the page's headers. */
export async function loadRegisterSections<const F extends readonly Pick<FeatureServer, "name" | "registerPage">[]>(
  features: F,
  page: Omit<RegisterPageRead, "shared">,
): Promise<RegisterPart<Merged<PropsOf<F[number]>>>> {
  const shared = sharedReads(page.request, page.context);
  const parts = await Promise.all(features.map((feature) => feature.registerPage?.load({ ...page, shared })));
  return {
    props: Object.assign({}, ...parts.map((part) => part?.props)) as Merged<PropsOf<F[number]>>,
    values: Object.assign({}, ...parts.map((part) => part?.values)),
    headers: Object.assign({}, ...parts.map((part) => part?.headers)),
  };
}

/** The signed-in rider of the request, from the feature that signs riders in; null without one (decision 042). */
export async function signedInRiderOf(
  features: readonly Pick<FeatureServer, "name" | "signedIn">[],
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<{ id: string } | null> {
  for (const feature of features) {
    const rider = await feature.signedIn?.(request, context);
    if (rider) return rider;
  }
  return null;
}

/** A feature's part, its props' type read from what it loads. */
export function registerSection<Props>(section: RegisterSection<Props>): RegisterSection<Props> {
  return section;
}
