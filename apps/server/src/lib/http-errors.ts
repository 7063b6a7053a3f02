/** Errors a handler throws on purpose; the error handler turns them into answers. */
export class HttpError extends Error {
  constructor(
    public statusCode: number,
    message: string,
    public errors?: Record<string, string>,
    /** More fields of the answer, for the few errors that carry a list the page shows (declared in the route's response schema). */
    public details?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) => new HttpError(400, message, errors);
export const unauthorized = (message = 'Not signed in') => new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, errors?: Record<string, string>, details?: Record<string, unknown>) => new HttpError(409, message, errors, details);
export const tooManyRequests = (message: string) => new HttpError(429, message);
