const contentTypes: Record<string, string> = {
  md: 'text/markdown',
  txt: 'text/plain',
  csv: 'text/csv',
  json: 'application/json',
};

/** The part's declared type; a generic one is read from the file name's extension. */
export function contentTypeOf(declared: string, name: string) {
  if (declared && declared !== 'application/octet-stream') return declared.slice(0, 255);
  return contentTypes[name.split('.').pop()!.toLowerCase()] ?? 'application/octet-stream';
}

/**
 * The text that search reads: the bytes as UTF-8, or null (not searchable) for bytes that are not
 * UTF-8 text or hold a NUL, which PostgreSQL text cannot store.
 */
export function searchableText(bytes: Uint8Array): string | null {
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return text.includes('\u0000') ? null : text;
  } catch {
    return null;
  }
}
