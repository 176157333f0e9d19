import type { LucideIcon } from "lucide-react";

const TONES = {
  light: {
    card: "border border-ink-200 bg-white shadow-card",
    icon: "bg-brand-50 text-brand-700",
    label: "text-ink-600",
    value: "text-ink-900",
  },
  dark: { card: "bg-ink-900 shadow-card", icon: "bg-brand-600 text-white", label: "text-ink-300", value: "text-white" },
} as const;

type FigureCardProps = {
  label: string;
  value: string | number;
  Icon: LucideIcon;
  tone?: keyof typeof TONES;
  testId?: string;
};

/**
 * One figure of a <dl>: its label (with the icon, so the group holds only <dt> and <dd>) read
 * first, shown below the number.
 */
export function FigureCard({ label, value, Icon, tone = "light", testId }: FigureCardProps) {
  const colours = TONES[tone];
  return (
    <div
      className={`relative flex min-h-22 flex-col-reverse justify-center rounded-card py-4 pr-4 pl-21 ${colours.card}`}
    >
      <dt className={`text-sm font-medium ${colours.label}`}>
        <span
          className={`absolute top-1/2 left-5 inline-flex size-12 -translate-y-1/2 items-center justify-center rounded-full ${colours.icon}`}
        >
          <Icon aria-hidden="true" className="size-6" />
        </span>
        {label}
      </dt>
      <dd className={`font-display text-3xl font-extrabold tabular-nums ${colours.value}`} data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}
