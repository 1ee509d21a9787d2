/** The console's monospace: ids, hashes, filters, code. */
export const monospace = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
} as const;

/** An id, a hash or a filter on one line: monospace, a little smaller, cut with an ellipsis. */
export const codeLine = {
  ...monospace,
  fontSize: '0.8125rem',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  whiteSpace: 'nowrap',
} as const;
