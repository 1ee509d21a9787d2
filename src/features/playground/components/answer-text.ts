/** Text shown as it was written (line breaks kept), in a shaded block. */
export const asWrittenSx = {
  m: 0,
  p: 1.5,
  borderRadius: 1,
  bgcolor: 'action.hover',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
} as const;

/** An answer's text as it came, before it is rendered (streaming, or stopped). */
export const answerTextSx = {
  ...asWrittenSx,
  overflow: 'auto',
  maxHeight: '28rem',
} as const;
