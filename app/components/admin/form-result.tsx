/**
 * What a plain form's post answered, above the form: announced politely when it went through,
 * assertively when it was refused.
 */
export function FormResult({ result }: { result: { ok: boolean; message: string } | undefined }) {
  if (!result) return null;
  return (
    <p role={result.ok ? "status" : "alert"} className="text-sm font-medium">
      {result.message}
    </p>
  );
}
