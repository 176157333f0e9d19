/**
 * The run's directory (playwright.config.ts creates it, removes it when the run ends): what the
 * workers of one run share, such as the seeded demo, reserved ports and clock files.
 */
export function runDir(): string {
  const dir = process.env.ROADBOOK_E2E_RUN_DIR;
  if (!dir) throw new Error("ROADBOOK_E2E_RUN_DIR is not set: run the specs through playwright.config.ts");
  return dir;
}
