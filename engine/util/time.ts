/** RFC 3339 UTC with milliseconds, the only timestamp format the API emits. */
export const isoTime = (ms: number): string => new Date(ms).toISOString();
