import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import TerminalIcon from '@mui/icons-material/Terminal';
import type { TextGenerationBody } from '../../../api/contract';
import type { TimedGeneration } from '../../../api/generation';
import { CopyButton } from '../../../components/CopyButton';
import { DefinitionList } from '../../../components/DefinitionList';
import { useNotify } from '../../../components/notifications';
import { formatCount, formatDuration } from '../../../lib/format';
import { curlCommand } from '../lib/curl';
import { asWrittenSx } from './answer-text';
import { OutputView } from './OutputView';

export interface AnswerPanelProps {
  result: TimedGeneration;
  request: TextGenerationBody;
}

/** JSON was asked for: the schema the answer must follow (or `{}` for any JSON). */
export function expectedSchema(request: TextGenerationBody): unknown {
  const format = request.responseFormat as
    { type?: string; json_schema?: { schema?: unknown } } | undefined;
  if (format?.type === 'json_schema') return format.json_schema?.schema ?? {};
  if (format?.type === 'json_object') return {};
  return undefined;
}

/** The answer of one run: output, the prompt that was sent, and its figures. */
export function AnswerPanel({ result, request }: AnswerPanelProps) {
  const [tab, setTab] = useState(0);
  const { answer, latencyMs } = result;
  const notify = useNotify();
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
        <Chip size="small" label={answer.modelId} variant="outlined" />
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {formatCount(answer.usage.inputTokens)} in · {formatCount(answer.usage.outputTokens)} out
          · {formatCount(answer.usage.totalTokens)} tokens · {formatDuration(latencyMs)}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        <CopyButton value={answer.output} label="Copy the output" />
        <Button
          size="small"
          startIcon={<TerminalIcon />}
          onClick={() =>
            navigator.clipboard.writeText(curlCommand(window.location.origin, request)).then(
              () =>
                notify.success('Copied as a curl command (no token in it: the gateway adds it)'),
              () => notify.error('The clipboard refused the curl command'),
            )
          }
        >
          Copy as curl
        </Button>
      </Stack>
      <Tabs value={tab} onChange={(_e, value: number) => setTab(value)} aria-label="Answer views">
        <Tab label="Output" id="answer-tab-0" aria-controls="answer-panel-0" />
        <Tab label="Prompt sent" id="answer-tab-1" aria-controls="answer-panel-1" />
        <Tab label="Details" id="answer-tab-2" aria-controls="answer-panel-2" />
      </Tabs>
      <Box role="tabpanel" id={`answer-panel-${tab}`} aria-labelledby={`answer-tab-${tab}`}>
        {tab === 0 && <OutputView output={answer.output} schema={expectedSchema(request)} />}
        {tab === 1 && (
          <Box
            component="pre"
            aria-label="Formatted prompt"
            sx={{
              ...asWrittenSx,
              fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
              fontSize: '0.85rem',
            }}
          >
            {answer.prompt}
          </Box>
        )}
        {tab === 2 && (
          <DefinitionList
            items={[
              { label: 'Model', value: answer.modelId },
              { label: 'Session', value: answer.sessionId },
              { label: 'Input tokens', value: formatCount(answer.usage.inputTokens) },
              { label: 'Output tokens', value: formatCount(answer.usage.outputTokens) },
              { label: 'Latency', value: formatDuration(latencyMs) },
              { label: 'Choices', value: formatCount(answer.choices.length) },
            ]}
          />
        )}
      </Box>
    </Stack>
  );
}
