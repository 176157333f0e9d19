import type { ReactNode } from "react";
import type { RideSectionId } from "./sections";

/**
 * One tab's section. It takes focus when its tab is chosen (so keyboard and screen-reader
 * users continue from there), and its scroll margin keeps the heading clear of the sticky
 * navigation and tab bar.
 */
export function RideSection({ id, title, children }: { id: RideSectionId; title: string; children: ReactNode }) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-heading`}
      tabIndex={-1}
      className="scroll-mt-[calc(var(--spacing-nav)+4rem)] py-8 first:pt-0"
    >
      <h2 id={`${id}-heading`} className="text-title font-bold text-ink-900">
        {title}
      </h2>
      <div className="mt-5 space-y-6 text-ink-700">{children}</div>
    </section>
  );
}

export function SubHeading({ children }: { children: ReactNode }) {
  return <h3 className="text-lg font-semibold text-ink-900">{children}</h3>;
}

/** Text as the admin typed it: each blank-line-separated block a paragraph, single newlines kept. */
export function Paragraphs({ text }: { text: string }) {
  const blocks = text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter(Boolean);
  return blocks.map((block) => (
    <p key={block} className="leading-relaxed whitespace-pre-line">
      {block}
    </p>
  ));
}
