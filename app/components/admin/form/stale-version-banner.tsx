import { RefreshCw } from "lucide-react";
import type { ReactNode } from "react";

type StaleVersionBannerProps = {
  /** What changed, in the record's own words ("Someone else saved the banner…"). */
  children: ReactNode;
  /** Replaces the draft with the newest stored version (useDraft's takeLatest). */
  onTakeLatest: () => void;
  /** Keeps the draft and bases the next save on the newest version (useDraft's keepMine). */
  onKeepMine?: () => void;
};

const FRAME = "rounded-lg border border-amber-300 bg-amber-50 text-sm text-amber-900";

/**
 * Shown while the record a form edits has a newer stored version than the one the draft
 * started from (see useDraft): the admin's text stays until they choose. With a way to keep
 * their changes, loading the latest is the primary choice of two; alone, it is one button.
 */
export function StaleVersionBanner({ children, onTakeLatest, onKeepMine }: StaleVersionBannerProps) {
  if (!onKeepMine) {
    return (
      <div role="alert" className={`flex flex-wrap items-center gap-3 p-3 ${FRAME}`}>
        <p>{children}</p>
        <button
          type="button"
          onClick={onTakeLatest}
          className="rounded-md border border-amber-800 px-3 py-1.5 font-semibold hover:bg-amber-100"
        >
          Load the latest version
        </button>
      </div>
    );
  }
  return (
    <div role="alert" className={`space-y-3 p-4 ${FRAME}`}>
      <p>{children}</p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={onTakeLatest}
          className="inline-flex items-center gap-2 rounded-md bg-amber-800 px-3 py-2 font-semibold text-white hover:bg-amber-900"
        >
          <RefreshCw aria-hidden="true" className="size-4" />
          Load the latest version
        </button>
        <button
          type="button"
          onClick={onKeepMine}
          className="rounded-md border border-amber-800 px-3 py-2 font-semibold text-amber-900 hover:bg-amber-100"
        >
          Keep my changes
        </button>
      </div>
    </div>
  );
}
