import { lazy, Suspense } from 'react';
import Box from '@mui/material/Box';
import type { JsonEditorProps } from './JsonEditor';

const JsonEditor = lazy(() => import('./JsonEditor').then((m) => ({ default: m.JsonEditor })));

/**
 * The JSON editor, loaded on its own: CodeMirror is a large part of this screen, and the grid
 * need not wait for it.
 */
export function LazyJsonEditor(props: JsonEditorProps) {
  return (
    <Suspense
      fallback={
        <Box
          role="status"
          aria-busy="true"
          aria-label={`${props.label} (loading)`}
          sx={{
            minHeight: props.minHeight ?? '2.5rem',
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            bgcolor: 'action.hover',
          }}
        />
      }
    >
      <JsonEditor {...props} />
    </Suspense>
  );
}
