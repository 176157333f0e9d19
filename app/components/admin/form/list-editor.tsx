import { Plus, X } from "lucide-react";
import { type KeyboardEvent, useEffect, useRef } from "react";
import { type ListItem, newListItem } from "./list-item";
import { inputClass } from "./fields";

type ListEditorProps = {
  id: string;
  label: string;
  /** What one entry is called, for the entry's own label ('Highlight 2') and the buttons. */
  itemLabel: string;
  items: ListItem[];
  onChange: (items: ListItem[]) => void;
  placeholder?: string;
};

/**
 * An editable list of short texts. Enter in an entry adds one below it (and never submits the
 * form); a new or removed entry moves the focus somewhere sensible, so the list works from
 * the keyboard alone.
 */
export function ListEditor({ id, label, itemLabel, items, onChange, placeholder }: ListEditorProps) {
  // Which entry takes the focus once the list has re-rendered ('add': the add button).
  const focusNext = useRef<string | null>(null);
  const inputs = useRef(new Map<string, HTMLInputElement>());
  const addButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const key = focusNext.current;
    if (!key) return;
    focusNext.current = null;
    (key === "add" ? addButton.current : inputs.current.get(key))?.focus();
  });

  function insertAfter(index: number) {
    const item = newListItem();
    onChange([...items.slice(0, index + 1), item, ...items.slice(index + 1)]);
    focusNext.current = item.key;
  }

  function remove(index: number) {
    onChange(items.filter((_, position) => position !== index));
    focusNext.current = items[index + 1]?.key ?? items[index - 1]?.key ?? "add";
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>, index: number) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    insertAfter(index);
  }

  return (
    <fieldset className="min-w-0">
      <legend className="text-sm font-medium text-ink-800">{label}</legend>
      {items.length === 0 && <p className="mt-1 text-sm text-ink-600">None yet.</p>}
      <ul className="mt-1 space-y-2">
        {items.map((item, index) => (
          <li key={item.key} className="flex items-center gap-2">
            <input
              id={`${id}-${index}`}
              ref={(element) => {
                if (element) inputs.current.set(item.key, element);
                else inputs.current.delete(item.key);
              }}
              aria-label={`${itemLabel} ${index + 1}`}
              value={item.value}
              placeholder={placeholder}
              onChange={(event) =>
                onChange(
                  items.map((other) => (other.key === item.key ? { ...other, value: event.target.value } : other)),
                )
              }
              onKeyDown={(event) => onKeyDown(event, index)}
              className={inputClass}
            />
            <button
              type="button"
              onClick={() => remove(index)}
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-md border border-ink-300 text-ink-700 hover:bg-ink-50"
            >
              <X aria-hidden="true" className="size-4" />
              <span className="sr-only">
                Remove {itemLabel.toLowerCase()} {index + 1}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <button
        ref={addButton}
        type="button"
        onClick={() => insertAfter(items.length - 1)}
        className="mt-2 inline-flex items-center gap-1 rounded-md border border-ink-300 px-3 py-1.5 text-sm font-medium text-ink-800 hover:bg-ink-50"
      >
        <Plus aria-hidden="true" className="size-4" />
        Add {itemLabel.toLowerCase()}
      </button>
    </fieldset>
  );
}
