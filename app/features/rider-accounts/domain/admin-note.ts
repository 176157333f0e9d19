import { z } from "zod";

// The organisers' note on a rider's account (decision 040): admins only, audited, in no export.

export const MAX_ADMIN_NOTE_LENGTH = 2000;

export const adminNoteSchema = z.object({
  note: z
    .string({ error: "Enter a note" })
    .max(MAX_ADMIN_NOTE_LENGTH, `Keep the note under ${MAX_ADMIN_NOTE_LENGTH} characters`)
    .transform((note) => note.trim()),
});
