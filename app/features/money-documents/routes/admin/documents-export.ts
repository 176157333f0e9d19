import { servicesContext } from "~/context";
import { adminActionContext } from "~/server/admin/respond.server";
import { documentsCsv, exportMonth } from "~/features/money-documents/server/export.server";
import { ValidationError } from "~/server/validation/errors.server";
import type { Route } from "./+types/documents-export";

// /admin/payments/documents/export?month=2027-01&format=csv|json: a month's money documents for the
// accountant (docs/features/money-documents.md). Owners and editors; never cached; audited.

const HEADERS = { "Cache-Control": "no-store" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = context.get(servicesContext);
  const url = new URL(request.url);
  const month = url.searchParams.get("month") ?? "";
  const format = url.searchParams.get("format") === "json" ? "json" : "csv";
  try {
    const rows = await exportMonth(db, month, adminActionContext(context).actor);
    const filename = `money-documents-${month}.${format}`;
    const disposition = { "Content-Disposition": `attachment; filename="${filename}"` };
    if (format === "json") {
      return new Response(JSON.stringify({ month, documents: rows }, null, 2), {
        headers: { ...HEADERS, ...disposition, "Content-Type": "application/json; charset=utf-8" },
      });
    }
    return new Response(documentsCsv(rows), {
      headers: { ...HEADERS, ...disposition, "Content-Type": "text/csv; charset=utf-8" },
    });
  } catch (error) {
    if (error instanceof ValidationError) {
      return new Response(Object.values(error.errors).join(" "), {
        status: 400,
        headers: { ...HEADERS, "Content-Type": "text/plain; charset=utf-8" },
      });
    }
    throw error;
  }
}
