import { useId, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { isApiError } from '../../../../api/errors';
import { CopyButton } from '../../../../components';
import { useQueryDraft } from '../hooks/use-query-draft';
import type { QueryLibraryApi } from '../hooks/use-query-library';
import { filterText } from '../lib/filter-check';
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
  /** The names of the collection's schema columns: a bare one is read as `content.<name>`. */
  columns?: readonly string[];
}

function Message({
  id,
  tone,
  children,
}: {
  id: string;
  tone: 'error' | 'info';
  children: ReactNode;
}) {
  const Icon = tone === 'error' ? ErrorOutlineIcon : InfoOutlinedIcon;
  return (
    <Stack
      id={id}
      direction="row"
      spacing={0.75}
      sx={{ color: tone === 'error' ? 'error.main' : 'text.secondary', alignItems: 'flex-start' }}
    >
      <Icon fontSize="small" sx={{ mt: '1px' }} />
      <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** The MongoDB-style filter of the documents list, checked as it is typed. */
export function QueryBar({
  applied,
  onApply,
  refusal,
  examples,
  library,
  columns = [],
}: QueryBarProps) {
  const { draft, setDraft: setDraftText, check, changed } = useQueryDraft(applied, columns);
  // The bare field names the last applied filter had, and what they were read as.
  const [renamed, setRenamed] = useState<string[]>([]);
  const setDraft = (text: string) => {
    setRenamed([]);
    setDraftText(text);
  };
  const [saving, setSaving] = useState(false);
  const messageId = useId();
  const hintId = useId();

  const valid = check.kind === 'valid';
  const apply = () => {
    if (check.kind !== 'valid') return;
    setRenamed(check.renamed);
    onApply(filterText(check.filter));
  };
  const run = (filter: string) => {
    setDraft(filter);
    onApply(filter);
  };
  const pending = check.kind === 'valid' && changed ? check.renamed : [];
  const notes = pending.length > 0 ? pending : renamed;
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
          {check.kind === 'valid' && notes.length > 0 && (
            <Message id={messageId} tone="info">
              {notes
                .map(
                  (name) =>
                    `${name} ${pending.length > 0 ? 'will be read' : 'was read'} as content.${name}`,
                )
                .join('; ')}
              .
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
            Ctrl+Enter (⌘+Enter) applies; choosing an example runs it. Fields: content.&lt;name&gt;
            (or a column&apos;s bare name), id, owner, createdOn, updatedOn.
          </Typography>
          <Stack
            direction="row"
            spacing={0.5}
            sx={{ flexWrap: 'wrap', alignItems: 'center', rowGap: 0.5, flexShrink: 0 }}
          >
            <ExamplesMenu examples={examples} onPick={run} />
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
