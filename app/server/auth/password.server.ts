import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from "node:crypto";

/**
 * Password hashes: scrypt (memory-hard, built into Node) with a random salt per password.
 * The cost parameters travel inside the encoded string, so they can be raised later and old
 * hashes keep verifying: `scrypt$ln=15,r=8,p=3$<salt>$<key>` (base64url).
 *
 * N = 2^15, r = 8, p = 3 is one of OWASP's recommended scrypt settings: 32 MiB and about
 * 0.2 s per hash here, a lower memory peak per concurrent sign-in than N = 2^17, p = 1.
 */
export const PASSWORD_COST = { ln: 15, r: 8, p: 3 } as const;
/**
 * Under the test runner only (Vitest sets VITEST in its workers; a server never has it), hashes
 * are made at 1/96 of that cost: the suite hashes and verifies passwords hundreds of times to
 * prove behaviour, not strength, and the cost travels in each hash, so verifying is the same code.
 */
const COST = process.env.VITEST ? ({ ln: 10, r: 8, p: 1 } as const) : PASSWORD_COST;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
/** Bounds on parameters read back from storage, so a corrupted value cannot exhaust memory. */
const MAX = { ln: 20, r: 32, p: 16 } as const;

type Cost = { ln: number; r: number; p: number };

function derive(password: string, salt: Buffer, cost: Cost, length: number): Promise<Buffer> {
  const N = 2 ** cost.ln;
  const options: ScryptOptions = { N, r: cost.r, p: cost.p, maxmem: 256 * N * cost.r + 1024 * 1024 };
  return new Promise((resolve, reject) =>
    scrypt(password.normalize("NFKC"), salt, length, options, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

export async function hashPassword(password: string, cost: Cost = COST): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await derive(password, salt, cost, KEY_BYTES);
  return `scrypt$ln=${cost.ln},r=${cost.r},p=${cost.p}$${salt.toString("base64url")}$${key.toString("base64url")}`;
}

function parseHash(encoded: string): { cost: Cost; salt: Buffer; key: Buffer } | null {
  const match = /^scrypt\$ln=(\d+),r=(\d+),p=(\d+)\$([\w-]+)\$([\w-]+)$/.exec(encoded);
  if (!match) return null;
  const [, ln, r, p, salt, key] = match as unknown as [string, string, string, string, string, string];
  const cost = { ln: Number(ln), r: Number(r), p: Number(p) };
  if (cost.ln < 1 || cost.ln > MAX.ln || cost.r < 1 || cost.r > MAX.r || cost.p < 1 || cost.p > MAX.p) return null;
  return { cost, salt: Buffer.from(salt, "base64url"), key: Buffer.from(key, "base64url") };
}

/** True when `password` matches `encoded`; false for a wrong password or an unreadable hash. */
export async function verifyPassword(password: string, encoded: string): Promise<boolean> {
  const parsed = parseHash(encoded);
  if (!parsed || parsed.key.length === 0) return false;
  const key = await derive(password, parsed.salt, parsed.cost, parsed.key.length);
  return timingSafeEqual(key, parsed.key);
}
