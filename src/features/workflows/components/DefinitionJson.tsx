import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { json } from '@codemirror/lang-json';
import { CodeEditor } from '../../../components/CodeEditor';

const language = [json()];

/** The definition as JSON: typing here updates the form whenever the text reads as one. */
export default function DefinitionJson({
  value,
  error,
  onChange,
}: {
  value: string;
  error: string | null;
  onChange: (text: string) => void;
}) {
  const errorId = useId();
  const hintId = useId();
  return (
    <Stack spacing={1}>
      <Typography id={hintId} variant="body2" sx={{ color: 'text.secondary' }}>
        The form and this JSON are one definition: edit either.
      </Typography>
      <CodeEditor
        label="Definition as JSON"
        value={value}
        onChange={onChange}
        language={language}
        invalid={error !== null}
        describedBy={error ? `${errorId} ${hintId}` : hintId}
        minHeight="24rem"
        maxHeight="70vh"
      />
      {error && (
        <Alert id={errorId} severity="error" role="alert">
          The JSON is not taken, and the form keeps the last definition that read: {error}
        </Alert>
      )}
    </Stack>
  );
}
