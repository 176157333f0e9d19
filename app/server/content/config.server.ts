import type { AuditActor } from "~/domain/audit";
import { configInputSchema, type SiteConfig } from "~/domain/content";
import { FALLBACK_CONFIG } from "~/domain/defaults";
import { auditLineOfSave, type Restoring } from "~/domain/revisions";
import { runCommand } from "../commands/command.server";
import type { Database, Executor } from "../db/schema.server";
import { readDocument, writeDocument } from "./documents.server";
import { lenientObject } from "../validation/lenient.server";
import { recordRevision } from "../publishing/revisions.server";
import { parseOrThrow } from "../validation/validate.server";

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

/**
 * Saves the configuration as one command: its revision (decision 025) naming `actor` (the site
 * when none), its content event, and its audit row when an admin saved it.
 */
export async function saveConfig(
  db: Database,
  input: unknown,
  { actor, restoring }: { actor?: AuditActor; restoring?: Restoring } = {},
): Promise<SiteConfig> {
  const config = parseOrThrow(configInputSchema, input);
  return runCommand(db, async (command) => {
    const { trx } = command;
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
    await command.enqueue({ kind: "content-changed", change: { collection: "config", id: "main", action: "updated" } });
    if (actor)
      await command.audit(actor, {
        collection: "config",
        recordId: "main",
        ...auditLineOfSave(restoring, config.company.name, {
          action: "saved",
          summary: "Updated the contact information",
        }),
      });
    return config;
  });
}
