import type { ColumnMapping } from "~/domain/payments/statement";
import { bankKey } from "~/domain/payments/statement";
import { choicesOf, mappingOf } from "~/domain/payments/statement-mapping";
import { runCommand } from "../commands/command.server";
import type { Database, Executor } from "../db/schema.server";

// The column mapping an admin confirmed, remembered per bank (bankKey of the file's headers) as
// a record of the `documents` table, so the next statement from that bank comes pre-mapped. It
// names columns only: nothing of any statement's lines.

const COLLECTION = "statement-mapping";

/** The mapping remembered for a file with these headers, or null (none, or one that no longer fits them). */
export async function rememberedMapping(db: Executor, headers: readonly string[]): Promise<ColumnMapping | null> {
  const row = await db
    .selectFrom("documents")
    .select("data")
    .where("collection", "=", COLLECTION)
    .where("id", "=", bankKey(headers))
    .executeTakeFirst();
  if (!row) return null;
  let stored: unknown;
  try {
    stored = JSON.parse(row.data);
  } catch {
    return null;
  }
  if (typeof stored !== "object" || stored === null) return null;
  const reading = mappingOf(choicesOf(stored, headers), headers);
  return reading.ok ? reading.mapping : null;
}

/** Remembers `mapping` for the bank whose files have these headers, replacing what was remembered. */
export async function rememberMapping(db: Database, headers: readonly string[], mapping: ColumnMapping): Promise<void> {
  await runCommand(db, async ({ trx, now }) => {
    const row = {
      collection: COLLECTION,
      id: bankKey(headers),
      data: JSON.stringify(mapping),
      updated_at: now.toISOString(),
    };
    await trx
      .insertInto("documents")
      .values(row)
      .onConflict((conflict) =>
        conflict.columns(["collection", "id"]).doUpdateSet({ data: row.data, updated_at: row.updated_at }),
      )
      .execute();
  });
}
