import { ReceiptIndianRupee } from "lucide-react";
import type { AdminNavLink } from "~/components/admin/admin-nav-link";

/** Receipts and GST (docs/features/money-documents.md) in the admin sidebar: editors export, owners set GST. */
export const moneyDocumentsNavLink: AdminNavLink = {
  to: "/admin/payments/documents",
  label: "Receipts and GST",
  icon: ReceiptIndianRupee,
  role: "editor",
};
