/** A content type as stored may be anything an uploader sent: only a plain `type/subtype` stays. */
const CONTENT_TYPE = /^[\w.+-]+\/[\w.+-]+(\s*;\s*[\w.+-]+=("[^"\\\r\n]*"|[\w.+-]+))*$/;

/**
 * `Content-Disposition: attachment` naming the file: a plain-ASCII `filename` for old clients,
 * and the exact name in `filename*` (RFC 6266/8187: every character outside attr-char encoded).
 */
export function attachment(name: string): string {
  const plain = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_').trim() || 'download';
  const exact = encodeURIComponent(name).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${plain}"; filename*=UTF-8''${exact}`;
}

/**
 * The headers of every file the platform itself hands out (data files, fileset files), through
 * the gateway or not: a download, never a page. The stored type is kept (a client may rely on
 * it), but the browser may not sniff another, and what it holds could not run as a page anyway.
 */
export function downloadHeaders(name: string, contentType: string): Record<string, string> {
  return {
    'content-type': CONTENT_TYPE.test(contentType) ? contentType : 'application/octet-stream',
    'content-disposition': attachment(name),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
  };
}
