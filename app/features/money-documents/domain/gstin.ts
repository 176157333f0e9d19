// A GSTIN (15 characters): the state's code, the holder's PAN, an entity number, 'Z', and a check
// character computed over the first fourteen (the GST network's mod-36 scheme).

const CHARACTERS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const SHAPE = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** The check character of a GSTIN's first fourteen characters. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = CHARACTERS.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARACTERS[(36 - (sum % 36)) % 36]!;
}

/** Why `value` (trimmed, upper case) is not a GSTIN, or null when it is one. */
export function gstinProblem(value: string): string | null {
  if (!SHAPE.test(value)) return "A GSTIN is 15 characters: 2 digits, the PAN (10), a number, Z and a check character.";
  if (gstinCheckCharacter(value.slice(0, 14)) !== value[14])
    return "This GSTIN's check character is wrong: is it typed right?";
  return null;
}

/** A GSTIN as typed, for checking: spaces gone, upper case. */
export function normalGstin(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase();
}
