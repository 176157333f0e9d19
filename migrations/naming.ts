// How migrations are named and ordered (decision 049). Kysely applies them in name order and
// refuses to apply one that sorts before a migration a database has already run, so a new name
// must sort after every existing one, whatever the day it is written.

/**
 * A migration added from decision 049 on: `m`, its position in the list (four digits), and what
 * it does. The letter sorts after every digit, so these follow the dated names (`2026-…`) that
 * came before, and the number keeps them in the order they were written.
 */
export const NUMBERED_NAME = /^m(\d{4})_[a-z0-9]+(?:_[a-z0-9]+)*$/;

/**
 * The order migrations apply in: by code point, so it never depends on the machine's locale
 * (Kysely's own default compares with `localeCompare`, which orders punctuation its own way).
 */
export function compareMigrationNames(a: string, b: string): number {
  if (a === b) return 0;
  return a < b ? -1 : 1;
}

/**
 * What is wrong with a list of migration names in the order they are listed, given the names
 * applied databases already know (which must stay, unrenamed, at the head of the list). Empty
 * when the list is sound.
 */
export function migrationNameProblems(names: readonly string[], landed: readonly string[]): string[] {
  const problems: string[] = [];
  landed.forEach((name, index) => {
    if (names[index] !== name)
      problems.push(`${name} was renamed, moved or removed: applied databases know it by that name`);
  });
  names.forEach((name, index) => {
    const previous = names[index - 1];
    if (previous !== undefined && compareMigrationNames(previous, name) >= 0) {
      problems.push(`${name} sorts before ${previous}: a database that ran ${previous} would refuse it`);
    }
    if (index < landed.length) return;
    const number = NUMBERED_NAME.exec(name)?.[1];
    const expected = String(index + 1).padStart(4, "0");
    if (number !== expected) problems.push(`${name} should be named m${expected}_<what it does>`);
  });
  return problems;
}
