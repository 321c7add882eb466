/**
 * Typed domain errors, each carrying its HTTP status. Thrown by `decide` and mapped once by the
 * server's error handler to `{ message }`.
 */
export abstract class DomainError extends Error {
  abstract readonly statusCode: number;
}

/** The command's input breaks a business rule (400). `message` names the field. */
export class ValidationError extends DomainError {
  readonly statusCode = 400;
  override readonly name = 'ValidationError';
}

/** The target does not exist, or is not visible to the caller (404). */
export class NotFoundError extends DomainError {
  readonly statusCode = 404;
  override readonly name = 'NotFoundError';
}

/** The caller may see the target but not change it this way (403). */
export class ForbiddenError extends DomainError {
  readonly statusCode = 403;
  override readonly name = 'ForbiddenError';
}

/** The command conflicts with the current state, e.g. a taken username (409). */
export class ConflictError extends DomainError {
  readonly statusCode = 409;
  override readonly name = 'ConflictError';
}
