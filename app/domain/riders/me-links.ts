// The rider's own pages under /me (docs/features/rider-data.md): the /me home links to these.

/** The rider's home: signs them in when they are not. */
export const ME_PATH = "/me";
/** Their saved details: seen, edited, forgotten. */
export const ME_DETAILS_PATH = "/me/details";
/** "Your data": what the site holds and for how long, the export and the account's erasure. */
export const ME_DATA_PATH = "/me/data";
/** The export, as a file to download. */
export const ME_DATA_EXPORT_PATH = "/me/data.json";
/** Where an erased account's browser ends: the page says it is done. */
export const ME_ERASED_PATH = "/me/data?erased";
