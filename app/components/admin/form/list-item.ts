/**
 * An entry of an editable list. The key lets React keep each input (and its focus) with its
 * text when an entry above it is removed; it is never stored.
 */
export type ListItem = { key: string; value: string };

let lastKey = 0;

export function newListItem(value = ""): ListItem {
  lastKey += 1;
  return { key: `item-${lastKey}`, value };
}

export const toListItems = (values: readonly string[]): ListItem[] => values.map((value) => newListItem(value));

export const fromListItems = (items: readonly ListItem[]): string[] => items.map((item) => item.value);
