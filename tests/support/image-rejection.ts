// For Vitest suites of the upload path: the refusal a promise ends with.
import { ImageRejectedError } from "~/server/images/upload-errors.server";
import { rejectionOf } from "./rejection";

/** Awaits `work`, which must fail with an ImageRejectedError, and returns that error. */
export const rejection = (work: Promise<unknown>) => rejectionOf(work, ImageRejectedError);
