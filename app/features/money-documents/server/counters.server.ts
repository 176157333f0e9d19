import { sql } from "kysely";
import type { Executor } from "~/server/db/schema.server";

// The next number of a series in a financial year (docs/features/money-documents.md): taken
// inside the issuing command's transaction, so a number is used if and only if the command
// commits. The counter's row is locked by the UPDATE until then: two commands at once take
// 41 and 42, never the same, and a command rolled back leaves no gap. The row is made the first
// time, by an insert that does nothing when another command made it first (on PostgreSQL it
// waits for that command to commit, then finds the row).

export async function nextNumber(trx: Executor, series: string, financialYear: string): Promise<number> {
  await trx
    .insertInto("document_counters")
    .values({ series, financial_year: financialYear, last_number: 0 })
    .onConflict((conflict) => conflict.columns(["series", "financial_year"]).doNothing())
    .execute();
  const row = await trx
    .updateTable("document_counters")
    .set({ last_number: sql<number>`last_number + 1` })
    .where("series", "=", series)
    .where("financial_year", "=", financialYear)
    .returning("last_number")
    .executeTakeFirstOrThrow();
  return Number(row.last_number);
}
