/**
 * The failures a content service reports on purpose. Each carries the HTTP status a route
 * answers with, so routes map them without knowing which service threw.
 */

/** Input broke a rule of its form (product.md#ride-validation and the like); nothing was written. */
export class ValidationError extends Error {
  override readonly name = "ValidationError";
  readonly status = 400;

  /** @param errors message per field path (e.g. `endDate`, `rides[3].endDate`) */
  constructor(readonly errors: Record<string, string>) {
    super(Object.values(errors)[0] ?? "Invalid input");
  }
}

/** The key of a message about the request as a whole rather than one field (the pages show it above the form). */
export const FORM = "";

/** Refuses the input, writing nothing: `message` on `field`, or on the whole form. */
export function refuse(message: string, field = FORM): never {
  throw new ValidationError({ [field]: message });
}

/** The record asked for does not exist (or no longer does). */
export class NotFoundError extends Error {
  override readonly name = "NotFoundError";
  readonly status = 404;
}

/**
 * A save was based on a stale copy: someone else wrote the record since it was read.
 * Carries the current record so the caller can show it or merge.
 */
export class ConflictError<T = unknown> extends Error {
  override readonly name = "ConflictError";
  readonly status = 409;

  constructor(
    readonly current: T,
    message = "This record was changed by someone else. Reload it and try again.",
  ) {
    super(message);
  }
}

export type ServiceError = ValidationError | NotFoundError | ConflictError;

export function isServiceError(error: unknown): error is ServiceError {
  return error instanceof ValidationError || error instanceof NotFoundError || error instanceof ConflictError;
}
