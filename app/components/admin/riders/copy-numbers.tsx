import { ClipboardCopy } from "lucide-react";

/**
 * "Copy all numbers" for the ride's WhatsApp group. Where the browser refuses the clipboard
 * (no permission, an old browser), the numbers are below in a box the admin can select.
 */
export function CopyNumbers({ numbers, onMessage }: { numbers: string; onMessage: (text: string) => void }) {
  const count = numbers ? numbers.split("\n").length : 0;

  async function copy() {
    try {
      await navigator.clipboard.writeText(numbers);
      onMessage(`Copied ${count} ${count === 1 ? "number" : "numbers"} successfully`);
    } catch {
      onMessage("Cannot copy to the clipboard here: select the numbers under All numbers instead");
    }
  }

  return (
    <div className="space-y-2">
      <button
        type="button"
        disabled={count === 0}
        onClick={() => void copy()}
        className="inline-flex min-h-11 items-center gap-2 rounded-md border border-ink-300 bg-white px-4 text-sm font-medium text-ink-800 hover:bg-ink-50 disabled:opacity-50"
      >
        <ClipboardCopy aria-hidden="true" className="size-4" />
        Copy all numbers ({count})
      </button>
      {count > 0 && (
        <details className="text-sm">
          <summary className="cursor-pointer text-ink-700">All numbers (confirmed riders)</summary>
          <textarea
            readOnly
            aria-label="Confirmed riders' numbers"
            value={numbers}
            rows={Math.min(count, 8)}
            className="mt-2 block w-full rounded-md border border-ink-300 p-2 font-mono text-sm"
          />
        </details>
      )}
    </div>
  );
}
