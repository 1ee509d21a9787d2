import { useState } from 'react';
import Markdown from 'react-markdown';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { schemaProblems } from '../lib/json-schema';

const pre = {
  m: 0,
  p: 1.5,
  borderRadius: 1,
  bgcolor: 'action.hover',
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: '0.85rem',
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  overflow: 'auto',
  maxHeight: '28rem',
} as const;

export interface OutputViewProps {
  output: string;
  /** The JSON Schema the answer had to follow, when JSON was asked for. */
  schema: unknown;
}

/** The model's output: rendered markdown (or raw), or pretty JSON checked against the schema. */
export function OutputView({ output, schema }: OutputViewProps) {
  const [raw, setRaw] = useState(false);
  if (schema !== undefined) return <JsonOutput output={output} schema={schema} />;
  return (
    <Stack spacing={1}>
      <FormControlLabel
        control={<Switch size="small" checked={raw} onChange={(e) => setRaw(e.target.checked)} />}
        label="Raw text"
        sx={{ alignSelf: 'flex-end' }}
      />
      {raw ? (
        <Box component="pre" sx={pre} aria-label="Output">
          {output}
        </Box>
      ) : (
        <Box
          aria-label="Output"
          role="region"
          sx={{ '& > :first-of-type': { mt: 0 }, overflowWrap: 'anywhere', '& pre': pre }}
        >
          <Markdown>{output}</Markdown>
        </Box>
      )}
    </Stack>
  );
}

function JsonOutput({ output, schema }: { output: string; schema: unknown }) {
  let value: unknown;
  try {
    value = JSON.parse(output);
  } catch {
    return (
      <Stack spacing={1}>
        <Alert severity="error">JSON was asked for, and the answer is not JSON.</Alert>
        <Box component="pre" sx={pre} aria-label="Output">
          {output}
        </Box>
      </Stack>
    );
  }
  const problems = schemaProblems(value, schema);
  return (
    <Stack spacing={1}>
      {problems.length === 0 ? (
        <Alert severity="success">
          Valid JSON that matches the schema (type, properties, required, items, enum, const).
        </Alert>
      ) : (
        <Alert severity="warning">
          The JSON does not match the schema:
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {problems.slice(0, 20).map((p) => (
              <li key={p}>{p}</li>
            ))}
          </Box>
        </Alert>
      )}
      <Box component="pre" sx={pre} aria-label="Output">
        {JSON.stringify(value, null, 2)}
      </Box>
    </Stack>
  );
}
