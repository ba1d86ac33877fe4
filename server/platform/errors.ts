/** One field error of a 400 answer: `path` is the field (e.g. `email`, `body.price`). */
export interface FieldError {
  path: string;
  message: string;
}

/**
 * An error with an HTTP status, answered as `{ message, errors? }` (docs/decisions.md "API conventions").
 * Services throw these; the app's error handler turns them into responses.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
    /** For 429 (and 503): seconds after which a retry may succeed, sent as `Retry-After`. */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, errors?: FieldError[]) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found`);
export const conflict = (message: string) => new HttpError(409, message);
export const unprocessable = (message: string, errors?: FieldError[]) => new HttpError(422, message, errors);
export const paymentRequired = (message: string) => new HttpError(402, message);
export const tooManyRequests = (message: string, retryAfterSeconds: number) => new HttpError(429, message, undefined, Math.max(1, Math.ceil(retryAfterSeconds)));
