/** The body's size as the client announced it (Content-Length), if it did. */
export function declaredLength(contentLength: string | null): number | undefined {
  return contentLength !== null && /^\d+$/.test(contentLength.trim()) ? Number(contentLength) : undefined;
}
