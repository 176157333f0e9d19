import { Plus } from "lucide-react";
import type { ReactNode, Ref } from "react";
import { Link } from "react-router";
import { StatusMessage } from "./status-message";
import { useLiveRevalidation } from "./use-live-revalidation";
import { type Flash, useLoadErrorMessage, useStatusMessage } from "./use-status-message";

/**
 * What every admin page does besides its content: it follows other admins' changes (live
 * revalidation) and has a status line, which shows the loader's failure message (see
 * loadAdminPage) and whatever the page passes to `show`.
 */
export function useAdminPage(loadError: string | null): [Flash | null, (text: string) => void] {
  useLiveRevalidation();
  const [flash, show] = useStatusMessage();
  useLoadErrorMessage(loadError, show);
  return [flash, show];
}

type AdminPageProps = {
  title: string;
  intro?: ReactNode;
  /** Beside the heading: the page's own button or link (Add New Ride, Refresh Stats). */
  action?: ReactNode;
  /** For a page that returns focus to its heading, e.g. when a form closes. */
  headingRef?: Ref<HTMLHeadingElement>;
  flash: Flash | null;
  children: ReactNode;
};

/** An admin page's frame: its status line, then its heading (with intro and action), then its content. */
export function AdminPage({ title, intro, action, headingRef, flash, children }: AdminPageProps) {
  return (
    <div className="space-y-6">
      <StatusMessage flash={flash} />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1
            ref={headingRef}
            tabIndex={headingRef ? -1 : undefined}
            className="font-display text-3xl font-extrabold text-ink-900"
          >
            {title}
          </h1>
          {intro ? <p className="mt-1 text-ink-600">{intro}</p> : null}
        </div>
        {action}
      </div>
      {children}
    </div>
  );
}

/** A list page's action that opens its form for a new item (?new). */
export function AddNewLink({ children }: { children: ReactNode }) {
  return (
    <Link
      to={{ search: "?new" }}
      className="inline-flex min-h-11 items-center gap-2 rounded-md bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700"
    >
      <Plus aria-hidden="true" className="size-5" />
      {children}
    </Link>
  );
}
