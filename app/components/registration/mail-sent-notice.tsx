import { MailCheck } from "lucide-react";
import type { ReactNode } from "react";

/** What a page says once it has mailed a rider a link: the same words whatever the address matched. */
export function MailSentNotice({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <p role="status" className="flex gap-2 rounded-xl bg-success-50 p-4 font-semibold text-success-600">
      <MailCheck aria-hidden="true" className="size-5 shrink-0" />
      <span data-testid={testId}>{children}</span>
    </p>
  );
}
