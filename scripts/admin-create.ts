/**
 * Creates an owner account, or makes an existing user an owner and sets the password
 * (product.md#admin-access, decision 026): the first admin; the others are invited in the portal.
 *
 *   npm run admin:create -- --email E --password P [--name N]
 *
 * Without --password the password is read from ADMIN_PASSWORD, which keeps it out of the
 * shell history and the process list. Reads DATABASE_URL / DATA_DIR like the server.
 */
import { parseArgs } from "node:util";
import { openDatabaseFromEnv } from "../app/server/db/open-from-env.server";
import { ValidationError } from "../app/server/validation/errors.server";
import { createOrPromoteAdmin } from "../app/server/team/users.server";

const { values } = parseArgs({
  options: { email: { type: "string" }, password: { type: "string" }, name: { type: "string" } },
});
const password = values.password ?? process.env.ADMIN_PASSWORD;
if (!values.email || !password) {
  console.error(
    "Usage: npm run admin:create -- --email E --password P [--name N]   (or ADMIN_PASSWORD=P instead of --password)",
  );
  process.exit(2);
}

const { db, location } = await openDatabaseFromEnv();
try {
  const { user, created } = await createOrPromoteAdmin(db, { email: values.email, password, displayName: values.name });
  console.log(`${created ? "Created" : "Promoted"} owner ${user.email} in ${location}.`);
} catch (error) {
  if (!(error instanceof ValidationError)) throw error;
  for (const [field, message] of Object.entries(error.errors)) console.error(`${field}: ${message}`);
  process.exitCode = 1;
} finally {
  await db.destroy();
}
