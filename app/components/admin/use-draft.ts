import { type SetStateAction, useCallback, useState } from "react";

export type DraftOptions<S, D> = {
  toDraft: (source: S) => D;
  /** Identifies a stored version of the source (a version number, an update time, its JSON). */
  revision: (source: S) => string;
  /** What counts as the draft's content when telling whether the admin changed anything. */
  content?: (draft: D) => unknown;
};

export type DraftState<S, D> = {
  /** The loader value last seen, by identity: revalidation hands over a new one each time. */
  seen: S;
  /** The stored version the draft started from; a save is based on it. */
  base: S;
  /** The newest stored version; differs from `base` when someone else saved meanwhile. */
  latest: S;
  draft: D;
  baseContent: string;
};

export function startDraft<S, D>(source: S, options: DraftOptions<S, D>): DraftState<S, D> {
  const draft = options.toDraft(source);
  return { seen: source, base: source, latest: source, draft, baseContent: contentKey(draft, options) };
}

function contentKey<S, D>(draft: D, options: DraftOptions<S, D>): string {
  return JSON.stringify(options.content ? options.content(draft) : draft);
}

export function isDirty<S, D>(state: DraftState<S, D>, options: DraftOptions<S, D>): boolean {
  return contentKey(state.draft, options) !== state.baseContent;
}

/**
 * A new stored version arrived (another admin saved, live revalidation brought it): an
 * untouched form shows it at once; a form the admin has changed keeps their text and only
 * learns that a newer version exists, so nothing typed is ever overwritten.
 */
export function reconcileDraft<S, D>(
  state: DraftState<S, D>,
  source: S,
  options: DraftOptions<S, D>,
): DraftState<S, D> {
  if (options.revision(source) === options.revision(state.base)) return { ...state, seen: source, latest: source };
  // Untouched, or already holding exactly what was stored (the admin's own save coming back).
  if (!isDirty(state, options) || contentKey(state.draft, options) === contentKey(options.toDraft(source), options)) {
    return startDraft(source, options);
  }
  return { ...state, seen: source, latest: source };
}

/**
 * A form's local copy of a stored record (product.md#new-rides: add/edit forms) that stays consistent with
 * live updates; see reconcileDraft.
 */
export function useDraft<S, D>(source: S, options: DraftOptions<S, D>) {
  const [state, setState] = useState(() => startDraft(source, options));
  let current = state;
  if (state.seen !== source) {
    current = reconcileDraft(state, source, options);
    // Adjusting state while rendering (React's pattern for state derived from props).
    setState(current);
  }

  const setDraft = useCallback((update: SetStateAction<D>) => {
    setState((previous) => ({
      ...previous,
      draft: typeof update === "function" ? (update as (draft: D) => D)(previous.draft) : update,
    }));
  }, []);

  const { toDraft, revision, content } = options;
  /** Drop the admin's changes and show the newest stored version. */
  const takeLatest = useCallback(() => {
    setState((previous) => startDraft(previous.latest, { toDraft, revision, content }));
  }, [toDraft, revision, content]);
  /** Keep the admin's changes; the next save deliberately replaces the newest version. */
  const keepMine = useCallback(() => {
    setState((previous) => ({ ...previous, base: previous.latest }));
  }, []);
  /** The save succeeded: what was saved is the new starting point. */
  const saved = useCallback(
    (stored: S) => {
      setState((previous) => ({ ...startDraft(stored, { toDraft, revision, content }), seen: previous.seen }));
    },
    [toDraft, revision, content],
  );

  return {
    draft: current.draft,
    setDraft,
    /** The admin has changed something since the stored version the draft started from. */
    dirty: isDirty(current, options),
    base: current.base,
    stale: revision(current.latest) !== revision(current.base),
    takeLatest,
    keepMine,
    saved,
  };
}
