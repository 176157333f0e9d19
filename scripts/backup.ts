/**
 * A consistent copy of a SQLite deployment's data, taken while the server runs.
 *
 *   npm run backup -- DIR        (DIR: a new or empty directory)
 *
 * Reads DATA_DIR like the server: DIR receives roadbook.sqlite, uploads/ and manifest.json.
 * PostgreSQL (DATABASE_URL) is backed up with pg_dump, S3 uploads with the bucket's own tools
 * (docs/deploy.md, "Backups").
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { BackupError, backupDataDir } from "../app/server/backup/sqlite-backup.server";
import { readEnv } from "../app/server/env.server";

const { positionals } = parseArgs({ allowPositionals: true });
const [target] = positionals;
if (!target || positionals.length > 1) {
  console.error("Usage: npm run backup -- DIR");
  process.exit(2);
}
const env = readEnv();
if (env.databaseUrl) {
  console.error(
    'DATABASE_URL is set: this deployment runs on PostgreSQL. Back it up with pg_dump (see docs/deploy.md, "Backups").',
  );
  process.exit(2);
}

const { dataDir } = env;
try {
  const manifest = await backupDataDir({ dataDir, target: path.resolve(target) });
  const uploadBytes = manifest.uploads.reduce((sum, file) => sum + file.bytes, 0);
  console.error(
    `Backed up ${dataDir} to ${path.resolve(target)}: database ${manifest.database.bytes} bytes, ${manifest.uploads.length} uploads (${uploadBytes} bytes).` +
      (env.s3 ? "\nS3_BUCKET is set: uploads live in the bucket; back it up with the provider's tools." : ""),
  );
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exit(1);
}
