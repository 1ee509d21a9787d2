/** An answer's text as it came, before it is rendered (streaming, or stopped). */
export const answerTextSx = {
  m: 0,
  p: 1.5,
  borderRadius: 1,
  bgcolor: 'action.hover',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  overflow: 'auto',
  maxHeight: '28rem',
} as const;
