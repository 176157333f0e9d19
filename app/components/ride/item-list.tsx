import type { LucideIcon } from "lucide-react";

/** A list of short items, each behind an icon that says what kind of list it is. */
export function ItemList({
  items,
  icon: Icon,
  iconClassName,
}: {
  items: string[];
  icon: LucideIcon;
  iconClassName: string;
}) {
  return (
    <ul className="space-y-2">
      {items.map((item, index) => (
        // Items are free text and may repeat, so the position is part of the key.
        // oxlint-disable-next-line react/no-array-index-key
        <li key={`${index}-${item}`} className="flex gap-3">
          <Icon aria-hidden="true" className={`mt-0.5 size-5 shrink-0 ${iconClassName}`} />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
