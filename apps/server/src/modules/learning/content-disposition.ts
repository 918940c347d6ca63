/**
 * `attachment` with the file's name: an ASCII fallback for old clients and the exact UTF-8 name
 * (RFC 6266 / RFC 5987) for the rest. Quotes, backslashes and control characters never reach the header.
 */
export function attachmentDisposition(name: string): string {
  const fallback = name.replace(/[^\x20-\x7e]|["\\]/g, '_') || 'download';
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}
