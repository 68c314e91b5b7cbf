/** The one place the UI gets the v1 client from (one instance per page). */
import { ApiError, createV1Client, type V1Client } from '../api/client';

let client: V1Client | undefined;

export function v1(): V1Client {
  client ??= createV1Client();
  return client;
}

/** What to show the user for any failure: the API's message, else the error's own. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (error instanceof Error && error.message) return error.message;
  return 'Something went wrong. Try again.';
}

export const errorCode = (error: unknown): string | null =>
  error instanceof ApiError ? error.code : null;
