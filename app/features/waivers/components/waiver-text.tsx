/**
 * A waiver's text as riders read it: full width, never a tiny scrolling box, laid out as the
 * organisers wrote it (paragraphs, indented lines and runs of spaces kept: pre-wrap, not pre-line).
 */
export function WaiverText({ version, text }: { version: number; text: string }) {
  return (
    <div className="rounded-xl border border-ink-200 bg-ink-50 p-4">
      <p className="text-sm font-semibold text-ink-600">Waiver, version {version}</p>
      <p className="mt-2 whitespace-pre-wrap text-ink-800">{text}</p>
    </div>
  );
}
