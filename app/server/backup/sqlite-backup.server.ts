import { createHash } from "node:crypto";
import { createReadStream, existsSync } from "node:fs";
import { chmod, copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { SESSION_SECRET_FILE } from "../auth/kept-session-secret.server";
import { dataPaths } from "../env.server";

/**
 * Backups of a SQLite deployment: the database (a consistent snapshot taken while the
 * server keeps writing), the uploads directory and the session secret the server keeps there
 * (without it, riders' links sealed in their messages could not be opened after a restore), with
 * a manifest that lists every file and its checksum. PostgreSQL deployments use pg_dump instead (docs/deploy.md). A backup
 * directory has a data directory's layout (dataPaths), plus the manifest.
 */

export const MANIFEST_FILE = "manifest.json";

export type ManifestFile = { path: string; bytes: number; sha256: string };

export type Manifest = {
  format: "roadbook-backup";
  version: 1;
  createdAt: string;
  database: ManifestFile & { engine: "sqlite"; migrations: string[] };
  uploads: ManifestFile[];
  /** DATA_DIR's session secret, when the server keeps one there (SESSION_SECRET unset); absent in older backups. */
  sessionSecret?: ManifestFile;
};

export class BackupError extends Error {}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash("sha256");
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

async function describe(root: string, relative: string): Promise<ManifestFile> {
  const file = path.join(root, relative);
  return { path: relative.split(path.sep).join("/"), bytes: (await stat(file)).size, sha256: await sha256Of(file) };
}

/** Every regular file below the directory, as relative paths; dot-files are uploads still being written. */
async function filesBelow(root: string, relative = ""): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(path.join(root, relative), { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries) {
    if (entry.name.startsWith(".")) continue;
    const child = path.join(relative, entry.name);
    if (entry.isDirectory()) files.push(...(await filesBelow(root, child)));
    else if (entry.isFile()) files.push(child);
  }
  return files.sort();
}

function integrityOf(file: string): string {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    const rows = db.prepare("PRAGMA integrity_check").all() as { integrity_check: string }[];
    return rows.map((row) => row.integrity_check).join("; ");
  } finally {
    db.close();
  }
}

function migrationsIn(file: string): string[] {
  const db = new DatabaseSync(file, { readOnly: true });
  try {
    return (db.prepare("select name from kysely_migration order by name").all() as { name: string }[]).map(
      (row) => row.name,
    );
  } finally {
    db.close();
  }
}

async function isEmptyDirectory(directory: string): Promise<boolean> {
  try {
    return (await readdir(directory)).length === 0;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return true;
    throw error;
  }
}

/**
 * Copies DATA_DIR's database and uploads into `target` (a new or empty directory). The
 * database is copied first, as one snapshot (VACUUM INTO reads it in a single transaction, so
 * writers carry on and the copy holds whole transactions only); uploads second, so every
 * upload the copied records name is there (uploads are written before any record names them).
 */
export async function backupDataDir({ dataDir, target }: { dataDir: string; target: string }): Promise<Manifest> {
  const { sqlitePath: source, uploadsDir: uploadsSource } = dataPaths(dataDir);
  const { sqlitePath: copy, uploadsDir: uploadsCopy } = dataPaths(target);
  if (!existsSync(source)) throw new BackupError(`No database at ${source}: is DATA_DIR right?`);
  if (!(await isEmptyDirectory(target))) throw new BackupError(`${target} is not empty: back up into a new directory.`);
  await mkdir(target, { recursive: true });

  const db = new DatabaseSync(source);
  try {
    db.exec("PRAGMA busy_timeout = 10000");
    db.prepare("VACUUM INTO ?").run(copy);
  } finally {
    db.close();
  }
  const integrity = integrityOf(copy);
  if (integrity !== "ok") throw new BackupError(`The copied database failed its integrity check: ${integrity}`);

  const uploads: ManifestFile[] = [];
  for (const relative of await filesBelow(uploadsSource)) {
    const destination = path.join(uploadsCopy, relative);
    await mkdir(path.dirname(destination), { recursive: true });
    await copyFile(path.join(uploadsSource, relative), destination);
    uploads.push(await describe(uploadsCopy, relative));
  }
  const sessionSecret = await copySessionSecret(dataDir, target);

  const manifest: Manifest = {
    format: "roadbook-backup",
    version: 1,
    createdAt: new Date().toISOString(),
    database: {
      ...(await describe(target, path.relative(target, copy))),
      engine: "sqlite",
      migrations: migrationsIn(copy),
    },
    uploads,
    ...(sessionSecret && { sessionSecret }),
  };
  // Written last, and whole: a directory with a manifest holds a complete backup.
  await writeFile(path.join(target, `${MANIFEST_FILE}.partial`), `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(path.join(target, `${MANIFEST_FILE}.partial`), path.join(target, MANIFEST_FILE));
  return manifest;
}

/** Reads a backup's manifest and checks every file against it. */
export async function verifyBackup(source: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(source, MANIFEST_FILE), "utf8")) as Manifest;
  } catch {
    throw new BackupError(`${source} has no readable ${MANIFEST_FILE}: not a Roadbook backup, or an unfinished one.`);
  }
  if (manifest.format !== "roadbook-backup" || manifest.version !== 1)
    throw new BackupError(`${source}: unknown backup format.`);
  const expected = [
    { root: source, file: manifest.database },
    ...manifest.uploads.map((file) => ({ root: dataPaths(source).uploadsDir, file })),
    ...(manifest.sessionSecret ? [{ root: source, file: manifest.sessionSecret }] : []),
  ];
  for (const { root, file } of expected) {
    const actual = await describe(root, file.path).catch(() => null);
    if (!actual || actual.sha256 !== file.sha256)
      throw new BackupError(
        `${path.join(root, file.path)} is missing or damaged (checksum differs from the manifest).`,
      );
  }
  return manifest;
}

/**
 * Whether a program (a running server, a script) has the database open. Connections in WAL
 * mode hold a shared lock as long as they are open, so an exclusive lock is refused.
 */
export function isDatabaseInUse(file: string): boolean {
  if (!existsSync(file)) return false;
  const db = new DatabaseSync(file);
  try {
    db.exec("PRAGMA busy_timeout = 0; PRAGMA locking_mode = EXCLUSIVE; BEGIN EXCLUSIVE; COMMIT;");
    return false;
  } catch {
    return true;
  } finally {
    db.close();
  }
}

export type RestoreResult = { manifest: Manifest; setAside: string | null };

/**
 * Puts a backup in place in DATA_DIR. Refused while anything has the database open, and when
 * DATA_DIR already holds data unless `force`: then the current data is moved aside (into
 * DATA_DIR/before-restore-{time}), never deleted.
 */
export async function restoreDataDir({
  dataDir,
  source,
  force = false,
}: {
  dataDir: string;
  source: string;
  force?: boolean;
}): Promise<RestoreResult> {
  const manifest = await verifyBackup(source);
  const { sqlitePath: database, uploadsDir: uploads } = dataPaths(dataDir);
  const backup = dataPaths(source);
  if (isDatabaseInUse(database)) {
    throw new BackupError(`${database} is in use: stop the server (and any script using DATA_DIR) before restoring.`);
  }
  const hasData = existsSync(database) || !(await isEmptyDirectory(uploads));
  if (hasData && !force) {
    throw new BackupError(
      `${dataDir} already holds data. Run again with --force to replace it (the current data is moved aside, not deleted).`,
    );
  }

  await mkdir(dataDir, { recursive: true });
  let setAside: string | null = null;
  if (hasData) {
    setAside = path.join(dataDir, `before-restore-${new Date().toISOString().replace(/[:.]/g, "-")}`);
    await mkdir(setAside);
    const secret = path.join(dataDir, SESSION_SECRET_FILE);
    // The secret goes aside only when the backup brings its own: otherwise the current one stays.
    const replaced = manifest.sessionSecret ? [secret] : [];
    for (const current of [database, `${database}-wal`, `${database}-shm`, uploads, ...replaced]) {
      if (existsSync(current)) await rename(current, path.join(setAside, path.relative(dataDir, current)));
    }
  }

  // The database goes in under a temporary name and is renamed when whole.
  await copyFile(backup.sqlitePath, `${database}.restoring`);
  await rename(`${database}.restoring`, database);
  for (const file of manifest.uploads) {
    const destination = path.join(uploads, ...file.path.split("/"));
    await mkdir(path.dirname(destination), { recursive: true });
    await copyFile(path.join(backup.uploadsDir, ...file.path.split("/")), destination);
  }
  if (manifest.sessionSecret) await copySessionSecret(source, dataDir);
  const integrity = integrityOf(database);
  if (integrity !== "ok") {
    await rm(database, { force: true });
    throw new BackupError(`The restored database failed its integrity check: ${integrity}`);
  }
  return { manifest, setAside };
}

/** Copies the session secret kept in `from` (if any) to `to`, readable by its owner only. */
async function copySessionSecret(from: string, to: string): Promise<ManifestFile | null> {
  const source = path.join(from, SESSION_SECRET_FILE);
  if (!existsSync(source)) return null;
  const destination = path.join(to, SESSION_SECRET_FILE);
  await copyFile(source, destination);
  await chmod(destination, 0o600);
  return describe(to, SESSION_SECRET_FILE);
}
