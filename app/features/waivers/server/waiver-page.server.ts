import { data } from "react-router";
import { MAX_WAIVER_LENGTH, SITE_WAIVER_SCOPE, type WaiverVersion } from "~/features/waivers/domain/waiver";
import { getRide } from "~/server/rides/rides.server";
import { NotFoundError, ValidationError } from "~/server/validation/errors.server";
import { saveWaiver, waiverVersions } from "./waivers.server";
import { readAdminForm, unreadableForm } from "~/server/admin/read-form.server";
import type { AdminActionContext } from "~/server/admin/respond.server";

// The waiver pages (docs/features/waivers.md): a ride's own waiver, and the site's default that
// rides without one use. Owners and editors write; each save is a new version.

/** A waiver of 20,000 characters, each up to 9 bytes percent-encoded, and room to spare. */
const MAX_WAIVER_FORM_BYTES = MAX_WAIVER_LENGTH * 9 + 4096;

export type WaiverPageData = {
  ride: { id: string; title: string } | null;
  versions: WaiverVersion[];
  /** The site's default's latest text, shown on a ride page that has none of its own. */
  siteDefault: WaiverVersion | null;
  loadError: null;
};

/** A ride's waiver page (`scope` its id) or the site's default's ('site'); a ride not found is a 404. */
export async function loadWaiverPage(
  context: Pick<AdminActionContext, "services">,
  scope: string,
): Promise<WaiverPageData> {
  const { db } = context.services;
  const site = scope === SITE_WAIVER_SCOPE;
  const ride = site ? null : await getRide(db, scope);
  if (!site && !ride) throw data({ message: "Ride not found" }, { status: 404 });
  const [versions, siteVersions] = await Promise.all([
    waiverVersions(db, scope),
    site ? Promise.resolve([]) : waiverVersions(db, SITE_WAIVER_SCOPE),
  ]);
  const siteLatest = siteVersions[0] ?? null;
  return {
    ride: ride ? { id: ride.id, title: ride.title } : null,
    versions,
    siteDefault: siteLatest && siteLatest.text !== "" ? siteLatest : null,
    loadError: null,
  };
}

/** Saves the posted text as the next version (nothing when unchanged); the answer says who was asked to accept it. */
export async function waiverAction(request: Request, context: AdminActionContext, scope: string) {
  const { services, actor } = context;
  const read = await readAdminForm(request, MAX_WAIVER_FORM_BYTES);
  if (!read.ok) return unreadableForm(read);
  const text = read.form.get("text");
  try {
    const saved = await saveWaiver(
      services.db,
      scope,
      { text: typeof text === "string" ? text : "" },
      { actor, origin: services.env.publicUrl },
    );
    if (!saved.changed) return { ok: true, message: "No change: this is the current text." };
    if (!saved.version || saved.version.text === "") return { ok: true, message: "Waiver removed." };
    const asked =
      saved.told === 0 ? "" : ` ${saved.told} rider${saved.told === 1 ? " is" : "s are"} asked to accept it.`;
    return { ok: true, message: `Saved as version ${saved.version.version}.${asked}` };
  } catch (error) {
    if (error instanceof ValidationError) return data({ ok: false, message: error.message }, { status: 400 });
    if (error instanceof NotFoundError) return data({ ok: false, message: error.message }, { status: 404 });
    throw error;
  }
}
