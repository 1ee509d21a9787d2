import {
  Decoration,
  EditorView,
  MatchDecorator,
  ViewPlugin,
  type DecorationSet,
  type ViewUpdate,
} from '@uiw/react-codemirror';
import { PLACEHOLDER_PATTERN } from '../../../api/contract';
import { CodeEditor } from '../../../components/CodeEditor';

const mark = Decoration.mark({ class: 'cm-placeholder-token' });
const matcher = new MatchDecorator({
  regexp: new RegExp(PLACEHOLDER_PATTERN.source, 'g'),
  decoration: () => mark,
});

/** `${name}` stands out in the template, so a placeholder is seen before it is sent. */
const highlightPlaceholders = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = matcher.createDeco(view);
    }
    update(update: ViewUpdate) {
      this.decorations = matcher.updateDeco(update, this.decorations);
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

const placeholderTheme = EditorView.theme({
  '.cm-placeholder-token': {
    color: 'var(--mui-palette-secondary-main, #9c27b0)',
    fontWeight: 600,
    backgroundColor: 'rgba(156, 39, 176, 0.08)',
    borderRadius: '3px',
  },
});

const language = [highlightPlaceholders, placeholderTheme];

export interface TemplateEditorProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  describedBy?: string;
}

export function TemplateEditor({ value, onChange, onSubmit, describedBy }: TemplateEditorProps) {
  return (
    <CodeEditor
      label="Prompt template"
      value={value}
      onChange={onChange}
      onSubmit={onSubmit}
      describedBy={describedBy}
      language={language}
      minHeight="7rem"
      maxHeight="20rem"
      placeholder="Write the prompt; ${input}, ${system} and ${yourName} are filled in"
    />
  );
}
