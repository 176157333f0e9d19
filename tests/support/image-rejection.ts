// For Vitest suites of the upload path: the refusal a promise ends with.
import { expect } from "vitest";
import { ImageRejectedError } from "~/server/images/upload-errors.server";

/** Awaits `work`, which must fail with an ImageRejectedError, and returns that error. */
export async function rejection(work: Promise<unknown>): Promise<ImageRejectedError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImageRejectedError);
  return error as ImageRejectedError;
}
