import { json } from '@codemirror/lang-json';
import { CodeEditor, type CodeEditorProps } from '../../../../components/CodeEditor';

export type JsonEditorProps = Omit<CodeEditorProps, 'language'>;

const language = [json()];

/** The code editor with JSON highlighting. */
export function JsonEditor(props: JsonEditorProps) {
  return <CodeEditor {...props} language={language} />;
}
