/**
 * What a form posted without script answered, at the top of its page (the Team and Sign-in &
 * Security pages): a status when it succeeded, an alert when it was refused.
 */
export function FormAnswer({ answer }: { answer: { ok: boolean; message: string } | undefined }) {
  if (!answer) return null;
  return (
    <p
      role={answer.ok ? "status" : "alert"}
      className={`rounded-lg border px-4 py-3 text-sm font-medium ${
        answer.ok ? "border-green-200 bg-green-50 text-green-900" : "border-red-200 bg-red-50 text-red-800"
      }`}
    >
      {answer.message}
    </p>
  );
}
