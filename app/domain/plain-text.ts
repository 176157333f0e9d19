// Text as people mean it, whatever a browser, a script or an import file sends. A lone
// surrogate (half of an emoji cut in two) survives JSON and the database but not React's
// hydration, which then fails on every page showing it; control characters are invisible in
// the portal yet break calendar files, feeds and link previews.

/** CR LF, CR, LF and the Unicode line and paragraph separators. */
const LINE_BREAK = /\r\n|[\r\n\u2028\u2029]/g;
const TAB_LIKE = /[\t\v\f]/g;
/** Control characters (C0, DEL and C1), but the line feed. */
const CONTROLS = /[^\P{Cc}\n]/gu;

/** Well-formed Unicode (a lone surrogate becomes U+FFFD), tabs as spaces. */
function wellFormed(value: string): string {
  return value.toWellFormed().replace(TAB_LIKE, " ");
}

// Composed (NFC) last: a control character between a letter and its accent keeps them apart
// until it goes ('E\0\u0301' becomes 'É', not 'E\u0301').

/** One line of text in its composed form (NFC): line breaks become spaces, control characters go. */
export function cleanLine(value: string): string {
  return wellFormed(value).replace(LINE_BREAK, " ").replace(CONTROLS, "").normalize("NFC");
}

/** Multi-line text in its composed form (NFC): line breaks kept, as '\n'; other control characters go. */
export function cleanParagraphs(value: string): string {
  return wellFormed(value).replace(LINE_BREAK, "\n").replace(CONTROLS, "").normalize("NFC");
}
