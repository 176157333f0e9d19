import { Users } from "lucide-react";

/** "12 seats left", "Only 2 seats left", "Full — join the waitlist" or "Registration closed". */
export function SeatsNote({ text, className = "" }: { text: string; className?: string }) {
  return (
    <p className={`flex items-center gap-1.5 font-semibold text-ink-800 ${className}`} data-testid="seats-left">
      <Users aria-hidden="true" className="size-4 shrink-0 text-brand-600" />
      {text}
    </p>
  );
}
