import { editors } from "../../domain/route-access";
import type { FeatureRoutes } from "../../feature-routes";

// Relative imports: React Router reads the route table (app/routes.ts and these) on its own.

export const moneyDocumentsRoutes = {
  resources: [
    // A rider's money document as PDF (docs/features/money-documents.md): by the booking's private
    // link (a secret route: app/domain/loggable-paths.ts), or signed in, from My rides.
    { path: "booking/:token/money-document", file: "features/money-documents/routes/resources/booking-document.ts" },
    { path: "me/money-document", file: "features/money-documents/routes/resources/my-document.ts" },
  ],
  admin: [
    // The organiser's GST settings: editors read them (and export), owners change what the site issues in their name.
    {
      path: "payments/documents",
      file: "features/money-documents/routes/admin/document-settings.tsx",
      access: { read: "editor", write: "owner" },
    },
    // The accountant's monthly export: money, so owners and editors.
    {
      path: "payments/documents/export",
      file: "features/money-documents/routes/admin/documents-export.ts",
      access: editors,
    },
  ],
} as const satisfies FeatureRoutes;
