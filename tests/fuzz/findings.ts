// What `npm run fuzz` found: each kind of defect once, with how often it was seen and the
// first request that showed it, so that a run with two thousand inputs reads as a short list.

/** Ids, tokens and numbers in a path, made alike so that one defect is one kind. */
export function pathShape(path: string): string {
  return path
    .replace(/\?.*$/s, "")
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ":id")
    .replace(/\/booking\/[^/]+/i, "/booking/:token")
    .replace(/\/invite\/[^/]+/i, "/invite/:token")
    .replace(/\/ride\/[^/]+/i, "/ride/:rideId")
    .replace(/\/rides\/[^/]+/i, "/rides/:rideId")
    .replace(/\/publishing\/([^/]+)\/[^/]+/i, "/publishing/$1/:recordId")
    .slice(0, 80);
}

/** A request as a person would send it again: its first line, the headers that matter, the start of its body. */
export function reproduction(head: string, body: Buffer | string): string {
  const lines = head.split("\r\n").filter((line) => line && !/^(Host|Cookie|Origin|Content-Length):/i.test(line));
  const text = Buffer.isBuffer(body) ? body.toString("latin1") : body;
  const excerpt = text.length > 240 ? `${text.slice(0, 240)}… (${text.length} bytes)` : text;
  return `${lines.join(" | ")}${excerpt ? ` | body: ${JSON.stringify(excerpt)}` : ""}`;
}

type Kind = { count: number; example: string };

export class Findings {
  readonly #kinds = new Map<string, Kind>();

  /** One occurrence of a defect: `kind` names it (the same defect, the same words), `example` shows it. */
  add(kind: string, example: string): void {
    const known = this.#kinds.get(kind);
    if (known) known.count += 1;
    else this.#kinds.set(kind, { count: 1, example });
  }

  get kinds(): number {
    return this.#kinds.size;
  }

  get occurrences(): number {
    return [...this.#kinds.values()].reduce((sum, kind) => sum + kind.count, 0);
  }

  print(): void {
    for (const [kind, { count, example }] of this.#kinds) {
      console.log(`  - ${kind}${count > 1 ? ` (×${count})` : ""}\n      ${example}`);
    }
  }
}
