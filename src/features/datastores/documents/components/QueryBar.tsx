import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { isApiError } from '../../../../api/errors';
import { CopyButton } from '../../../../components';
import { useQueryDraft } from '../hooks/use-query-draft';
import type { QueryLibraryApi } from '../hooks/use-query-library';
import { SUPPORTED_OPERATORS, filterText } from '../lib/filter-check';
import type { FilterExample } from '../lib/filter-examples';
import { ExamplesMenu, RecentQueriesMenu, SavedQueriesMenu } from './QueryMenus';
import { LazyJsonEditor as JsonEditor } from './LazyJsonEditor';
import { SaveFilterDialog } from './SaveFilterDialog';

export interface QueryBarProps {
  /** The filter in use (from the address); '' matches every document. */
  applied: string;
  onApply: (filter: string) => void;
  /** The platform's answer to the applied filter when it refused it (a 400). */
  refusal: unknown;
  examples: FilterExample[];
  library: QueryLibraryApi;
}

const operatorList = SUPPORTED_OPERATORS.join(' ');

function Message({
  id,
  tone,
  children,
}: {
  id: string;
  tone: 'error' | 'warning';
  children: ReactNode;
}) {
  const Icon = tone === 'error' ? ErrorOutlineIcon : WarningAmberIcon;
  return (
    <Stack
      id={id}
      direction="row"
      spacing={0.75}
      sx={{ color: `${tone}.main`, alignItems: 'flex-start' }}
    >
      <Icon fontSize="small" sx={{ mt: '1px' }} />
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** The MongoDB-style filter of the documents list, checked as it is typed. */
export function QueryBar({ applied, onApply, refusal, examples, library }: QueryBarProps) {
  const { draft, setDraft, check, changed } = useQueryDraft(applied);
  const [saving, setSaving] = useState(false);
  const messageId = useId();
  const hintId = useId();

  const valid = check.kind === 'valid';
  const apply = () => {
    if (check.kind === 'valid') onApply(filterText(check.filter));
  };
  const run = (filter: string) => {
    setDraft(filter);
    onApply(filter);
  };
  const refused = !changed && refusal ? refusal : null;
  const apiRefusal = isApiError(refused) ? refused : undefined;

  return (
    <Box component="section" role="search" aria-label="Filter documents">
      <Stack spacing={1}>
        <Typography variant="subtitle2" component="div" aria-hidden>
          Filter
        </Typography>
        <JsonEditor
          value={draft}
          onChange={setDraft}
          label="Filter"
          placeholder={`{}  matches every document; try ${examples[0]?.filter ?? '{"content.region": "North"}'}`}
          onSubmit={apply}
          invalid={!valid}
          describedBy={`${messageId} ${hintId}`}
          maxHeight="8rem"
        />
        <Stack spacing={1} aria-live="polite" sx={{ '&:empty': { display: 'none' } }}>
          {check.kind === 'invalid' && (
            <Message id={messageId} tone="error">
              {check.message}
            </Message>
          )}
          {check.kind === 'valid' && check.unknownOperators.length > 0 && (
            <Message id={messageId} tone="warning">
              Unknown operator{check.unknownOperators.length > 1 ? 's' : ''}{' '}
              {check.unknownOperators.join(', ')}. Supported: {operatorList}
            </Message>
          )}
          {refused !== null && (
            <Alert severity="error" variant="outlined" sx={{ py: 0 }}>
              <Typography variant="body2">
                The platform refused this filter: {apiRefusal?.message ?? 'no reason given'}
              </Typography>
              {apiRefusal?.traceId && (
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    Trace id <code>{apiRefusal.traceId}</code>
                  </Typography>
                  <CopyButton value={apiRefusal.traceId} label="Copy trace id" />
                </Stack>
              )}
            </Alert>
          )}
        </Stack>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={1}
          sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}
        >
          <Typography id={hintId} variant="caption" sx={{ color: 'text.secondary', minWidth: 0 }}>
            Ctrl+Enter (⌘+Enter) applies. Fields: content.&lt;name&gt;, id, owner, createdOn,
            updatedOn.
          </Typography>
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 0.5, flexShrink: 0 }}
          >
            <ExamplesMenu examples={examples} onPick={setDraft} />
            <RecentQueriesMenu recent={library.recent} onRun={run} />
            <SavedQueriesMenu saved={library.saved} onRun={run} onManage={() => setSaving(true)} />
            {(applied !== '' || draft !== '') && (
              <Button onClick={() => run('')}>Clear filter</Button>
            )}
            <Button variant="contained" onClick={apply} disabled={!valid}>
              Apply
            </Button>
          </Stack>
        </Stack>
      </Stack>
      <SaveFilterDialog
        open={saving}
        filter={valid && filterText(check.filter) !== '' ? filterText(check.filter) : null}
        saved={library.saved}
        onSave={library.saveQuery}
        onRemove={library.removeSaved}
        onClose={() => setSaving(false)}
      />
    </Box>
  );
}
