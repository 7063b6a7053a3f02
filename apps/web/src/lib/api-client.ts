import { getSelectedAcademicSessionId } from './academic-session-store';

/** Field messages of a 400 answer, keyed by field name. */
export type FieldErrors = Record<string, string>;

/** Any non-2xx answer of the API, in the shape of docs/ARCHITECTURE.md. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: FieldErrors;
  /** The whole answer, for the few routes that send more than a message (e.g. an import's report). */
  readonly body: unknown;

  constructor(status: number, message: string, errors: FieldErrors = {}, body: unknown = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
    this.body = body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

const CSRF_COOKIE = 'csrf_token';
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function readCookie(name: string): string | null {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length));
  }
  return null;
}

let csrfRequest: Promise<string> | null = null;

/** The double-submit token: the cookie when present, otherwise fetched once from the server. */
export async function csrfToken(): Promise<string> {
  const fromCookie = readCookie(CSRF_COOKIE);
  if (fromCookie) return fromCookie;
  csrfRequest ??= fetch('/api/auth/csrf', { credentials: 'include', headers: { accept: 'application/json' } })
    .then(async (res) => {
      if (!res.ok) throw await toApiError(res);
      const body = (await res.json()) as { token: string };
      return readCookie(CSRF_COOKIE) ?? body.token;
    })
    .finally(() => {
      csrfRequest = null;
    });
  return csrfRequest;
}

const FALLBACK_MESSAGES: Record<number, string> = {
  401: 'Not signed in',
  403: 'You do not have permission to do this',
  404: 'Not found',
  429: 'Too many requests. Please try again later.',
};

async function toApiError(res: Response): Promise<ApiError> {
  let body: { message?: unknown; errors?: unknown } | null;
  try {
    body = (await res.json()) as { message?: unknown; errors?: unknown } | null;
  } catch {
    body = null;
  }
  const message =
    typeof body?.message === 'string' && body.message ? body.message : (FALLBACK_MESSAGES[res.status] ?? 'Something went wrong. Please try again.');
  const errors = body?.errors && typeof body.errors === 'object' ? (body.errors as FieldErrors) : ({} satisfies FieldErrors);
  return new ApiError(res.status, message, errors, body);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
  /**
   * A GET with none of the app's own headers (accept, the selected session): a request that index.html
   * preloads is then matched with the preload instead of going out again.
   */
  asPreloaded?: boolean;
}

/**
 * Calls the JSON API. `path` starts with `/api/`. Sends cookies, the CSRF header on writes and the
 * selected academic session; resolves with the parsed body (undefined for 204) or throws ApiError.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = options.asPreloaded ? {} : { accept: 'application/json', ...options.headers };
  // A FormData body (a form with a file) goes as multipart/form-data; the browser sets its boundary.
  const isForm = typeof FormData !== 'undefined' && options.body instanceof FormData;
  if (options.body !== undefined && !isForm) headers['content-type'] = 'application/json';
  if (WRITE_METHODS.has(method)) headers['x-csrf-token'] = await csrfToken();
  const sessionId = getSelectedAcademicSessionId();
  if (sessionId && !options.asPreloaded) headers['x-academic-session'] = sessionId;

  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers,
      credentials: 'include',
      body: options.body === undefined ? undefined : isForm ? (options.body as FormData) : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.');
  }

  if (!res.ok) throw await toApiError(res);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
