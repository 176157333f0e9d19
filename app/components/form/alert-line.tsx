/** A control's own failure, under it, announced at once; nothing when there is none. */
export function AlertLine({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p role="alert" className="mt-2 text-sm text-red-800">
      {message}
    </p>
  );
}
