// `npm run lockfile:platforms`: after any `npm install`, adds the lock entries of other
// platforms' optional binaries that the package registry reachable here does not serve.
// npm leaves them out of package-lock.json and `npm ci` then refuses the lock as out of sync
// (docs/decisions/002-node-24-pinned-in-repo.md). Each added entry carries the os/cpu that
// npm checks before fetching, so no install ever downloads them on a machine of another kind.
// Runs on plain Node 24 (type stripping).
import { readFileSync, writeFileSync } from "node:fs";

type LockEntry = {
  version?: string;
  dev?: boolean;
  optional?: boolean;
  os?: string[];
  cpu?: string[];
  libc?: string[];
  optionalDependencies?: Record<string, string>;
};

const OS = new Set(["android", "darwin", "freebsd", "linux", "win32", "openharmony", "wasi"]);
const CPU = new Set(["arm64", "arm", "x64", "ia32", "ppc64", "riscv64", "s390x", "wasm32"]);

/** Reads os/cpu/libc from a platform package name such as binding-linux-arm64-musl. */
function platformOf(name: string): Pick<LockEntry, "os" | "cpu" | "libc"> {
  const parts = name.split("/").pop()!.split("-");
  const os = parts.find((part) => OS.has(part));
  const cpu = parts.find((part) => CPU.has(part));
  const libc = parts.find((part) => part === "musl" || part === "gnu");
  return {
    ...(os && os !== "wasi" ? { os: [os] } : {}),
    ...(cpu ? { cpu: [cpu] } : {}),
    ...(libc && os === "linux" ? { libc: [libc === "gnu" ? "glibc" : "musl"] } : {}),
  };
}

const file = "package-lock.json";
const lock = JSON.parse(readFileSync(file, "utf8")) as { packages: Record<string, LockEntry> };
const added: string[] = [];
for (const [path, entry] of Object.entries(lock.packages)) {
  for (const [dependency, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const nested = `${path}/node_modules/${dependency}`;
    const hoisted = `node_modules/${dependency}`;
    if (lock.packages[nested] || lock.packages[hoisted]) continue;
    lock.packages[hoisted] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      ...platformOf(dependency),
    };
    added.push(`${dependency}@${version}`);
  }
}
const sorted = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === "" ? -1 : b === "" ? 1 : a.localeCompare(b))),
);
writeFileSync(file, `${JSON.stringify({ ...lock, packages: sorted }, null, 2)}\n`);
console.log(added.length ? `added ${added.length} platform entries:\n  ${added.join("\n  ")}` : "lock file complete");
