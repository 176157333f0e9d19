import type { AuditActor } from "~/domain/audit";
import { configInputSchema, type SiteConfig } from "~/domain/content";
import { FALLBACK_CONFIG } from "~/domain/defaults";
import { notifyContentChanged } from "../content-events.server";
import type { Database, Executor } from "../db/schema.server";
import { readDocument, writeDocument } from "./documents.server";
import { lenientObject } from "./lenient.server";
import { recordRevision } from "./revisions.server";
import { parseOrThrow } from "./validate.server";

/** A stored record that no longer passes (e.g. edited by hand) still shows: only its failing parts fall back. */
const storedConfig = lenientObject(configInputSchema.shape, FALLBACK_CONFIG);

/** The stored configuration, or null while none has been saved. */
export async function getStoredConfig(db: Executor): Promise<SiteConfig | null> {
  const stored = await readDocument(db, "config");
  return stored ? storedConfig.parse(stored.data) : null;
}

/** The stored contact and company configuration, or the fallback (product.md#public-fallbacks) while none is stored. */
export async function getConfig(db: Executor): Promise<SiteConfig> {
  return (await getStoredConfig(db)) ?? FALLBACK_CONFIG;
}

/** Saves the configuration and keeps its revision (decision 025), naming `actor` (the site when none). */
export async function saveConfig(
  db: Database,
  input: unknown,
  { actor, restoring = false }: { actor?: AuditActor; restoring?: boolean } = {},
): Promise<SiteConfig> {
  const config = parseOrThrow(configInputSchema, input);
  await db.transaction().execute(async (trx) => {
    const before = await readDocument(trx, "config");
    await writeDocument(trx, "config", config);
    await recordRevision(trx, {
      collection: "config",
      recordId: "main",
      action: restoring ? "restored" : before ? "updated" : "created",
      actor,
      data: config,
      ...(before ? { before: { data: storedConfig.parse(before.data), at: before.updatedAt } } : {}),
    });
  });
  notifyContentChanged({ collection: "config", id: "main", action: "updated" });
  return config;
}
