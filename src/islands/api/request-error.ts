/** A refused or failed API call (src/islands/api/client.ts), with the API's stable `code` (src/lib/api-errors.ts). */
import type { FieldIssue } from '../../lib/api-errors';

export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: FieldIssue[] = [],
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** Network failures and 5xx answers are worth another try; 4xx answers are the final word. */
export const isRetryable = (error: unknown): boolean => !(error instanceof ApiRequestError) || error.status === 0 || error.status >= 500;
