import { errorCatalogue, type ErrorBody, type ErrorCode } from '@meydan/proto';

/** An error a client may read: its status and Turkish message go out as `{error, message}`. */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode | string,
    message?: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message ?? (errorCatalogue as Record<string, { message: string }>)[code]?.message ?? code);
  }

  toBody(): ErrorBody {
    return { error: this.code, message: this.message };
  }
}

/** An HttpError from the catalogue, with an optional more specific Turkish message. */
export function httpError(code: ErrorCode, message?: string): HttpError {
  return new HttpError(errorCatalogue[code].status, code, message);
}

export function isHttpError(value: unknown): value is HttpError {
  return value instanceof HttpError;
}
