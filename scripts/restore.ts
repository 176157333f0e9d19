/**
 * Puts a backup made by `npm run backup` back into DATA_DIR.
 *
 *   npm run restore -- DIR [--force]
 *
 * Refused while a server (or any program) has DATA_DIR's database open: stop it first.
 * Refused when DATA_DIR already holds data, unless --force: the current data is then moved
 * to DATA_DIR/before-restore-{time}/, never deleted. Every file is checked against the
 * backup's manifest first. Start the server afterwards: it applies any newer migrations.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError, restoreDataDir } from "../app/server/backup/sqlite-backup.server";
import { readEnv } from "../app/server/env.server";

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { force: { type: "boolean", default: false } },
});
const [source] = positionals;
if (!source || positionals.length > 1) {
  console.error("Usage: npm run restore -- DIR [--force]");
  process.exit(2);
}
const env = readEnv();
if (env.databaseUrl) {
  console.error(
    'DATABASE_URL is set: this deployment runs on PostgreSQL. Restore it with pg_restore (see docs/deploy.md, "Backups").',
  );
  process.exit(2);
}

const { dataDir } = env;
try {
  const { manifest, setAside } = await restoreDataDir({ dataDir, source: path.resolve(source), force: values.force });
  console.error(
    `Restored the backup of ${manifest.createdAt} into ${dataDir}: database and ${manifest.uploads.length} uploads.` +
      (setAside ? `\nThe data that was there is in ${setAside}.` : ""),
  );
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
