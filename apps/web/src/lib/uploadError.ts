import { errorText, isApiError } from './http';

/** The upload failure text of spec 1 section 8: status, ': ' and the response (when the server answered). */
export function uploadErrorText(e: unknown): string {
  if (isApiError(e) && e.status > 0) return `${e.status}: ${e.text || e.body.message || e.statusText}`;
  if (isApiError(e)) return 'Problem.  The upload did not reach the server; check the connection and try again.';
  return `Problem.  ${errorText(e)}`;
}
