/** The submit button of every admin form: 'Saving...' while the save is under way (product.md#admin-shell). */
export function SaveButton({ saving, label }: { saving: boolean; label: string }) {
  return (
    <button
      type="submit"
      disabled={saving}
      className="inline-flex min-h-11 items-center rounded-md bg-brand-600 px-5 font-semibold text-white hover:bg-brand-700 disabled:cursor-wait disabled:opacity-70"
    >
      {saving ? "Saving..." : label}
    </button>
  );
}

export function CancelButton({ onClick }: { onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      className="inline-flex min-h-11 items-center rounded-md border border-ink-300 px-5 font-semibold text-ink-800 hover:bg-ink-50"
    >
      Cancel
    </button>
  );
}
