import { useMemo } from 'react';
import Box from '@mui/material/Box';
import { useColorScheme } from '@mui/material/styles';
import CodeMirror, { EditorView, Prec, keymap, type Extension } from '@uiw/react-codemirror';

export interface CodeEditorProps {
  value: string;
  onChange: (value: string) => void;
  /** The accessible name of the text box. */
  label: string;
  /** Ctrl/Cmd+Enter. */
  onSubmit?: () => void;
  /** Ids of the elements that describe the text (its error, warnings, hint). */
  describedBy?: string;
  invalid?: boolean;
  minHeight?: string;
  maxHeight?: string;
  autoFocus?: boolean;
  placeholder?: string;
  /** The language and decorations: `json()`, a placeholder highlighter. */
  language?: Extension[];
}

const NONE: Extension[] = [];

const setup = {
  lineNumbers: false,
  foldGutter: false,
  highlightActiveLine: false,
  highlightActiveLineGutter: false,
  closeBrackets: false,
  autocompletion: false,
  searchKeymap: false,
};

/**
 * CodeMirror, labelled and described like a form field. Tab leaves the editor, so the keyboard is
 * never trapped. Import it by path: it is heavy, and only the screens that edit code load it.
 */
export function CodeEditor({
  value,
  onChange,
  label,
  onSubmit,
  describedBy,
  invalid = false,
  minHeight = '2.5rem',
  maxHeight = '12rem',
  autoFocus,
  placeholder,
  language = NONE,
}: CodeEditorProps) {
  const { mode, systemMode } = useColorScheme();
  const dark = (mode === 'system' ? systemMode : mode) === 'dark';
  const extensions = useMemo(
    () => [
      ...language,
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({
        'aria-label': label,
        'aria-multiline': 'true',
        'aria-invalid': invalid ? 'true' : 'false',
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      }),
      // Ctrl/Cmd+Enter submits (the wrapper's onKeyDown): here it only keeps the editor from
      // inserting a line, as its default keymap would.
      Prec.highest(keymap.of([{ key: 'Mod-Enter', run: () => true }])),
    ],
    [label, invalid, describedBy, language],
  );

  return (
    <Box
      onKeyDown={(event) => {
        if (onSubmit && event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
          event.preventDefault();
          onSubmit();
        }
      }}
      sx={{
        border: 1,
        borderColor: invalid ? 'error.main' : 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        minWidth: 0,
        '&:focus-within': {
          outline: 2,
          outlineColor: invalid ? 'error.main' : 'primary.main',
          outlineOffset: -1,
        },
        // The paper's colour, not the dark theme's own grey: its syntax colours (property names)
        // fall below 4.5:1 on that grey, and reach it on the darker paper.
        '& .cm-editor': { fontSize: '0.875rem', backgroundColor: 'background.paper' },
        '& .cm-editor.cm-focused': { outline: 'none' },
        // CodeMirror's own placeholder grey is below 4.5:1 on both themes.
        '& .cm-placeholder': { color: 'text.secondary', opacity: 1 },
        '& .cm-scroller': {
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
        },
      }}
    >
      <CodeMirror
        value={value}
        onChange={onChange}
        extensions={extensions}
        basicSetup={setup}
        indentWithTab={false}
        theme={dark ? 'dark' : 'light'}
        minHeight={minHeight}
        maxHeight={maxHeight}
        autoFocus={autoFocus}
        placeholder={placeholder}
      />
    </Box>
  );
}
