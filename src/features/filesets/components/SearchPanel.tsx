import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import type { UseQueryResult } from '@tanstack/react-query';
import { EmptyState, ErrorState, LoadingState } from '../../../components';
import { plural } from '../../../lib/format';
import type { FilesetSearch } from '../lib/search-params';
import { SearchForm } from './SearchForm';
import { SearchResults, type FileMatch } from './SearchResults';

export interface SearchPanelProps {
  search: FilesetSearch;
  results: UseQueryResult<{ matches: FileMatch[] }>;
  onSearch: (fields: Pick<FilesetSearch, 'query' | 'directoryPath' | 'topK'>) => void;
  fileHref: (fileId: string) => string;
}

export function SearchPanel({ search, results, onSearch, fileHref }: SearchPanelProps) {
  return (
    <Paper variant="outlined" component="section" aria-label="Search" sx={{ p: 2 }}>
      <Stack spacing={2}>
        <SearchForm search={search} onSearch={onSearch} />
        <SearchOutcome search={search} results={results} fileHref={fileHref} />
      </Stack>
    </Paper>
  );
}

function SearchOutcome({ search, results, fileHref }: Omit<SearchPanelProps, 'onSearch'>) {
  if (search.query === '')
    return (
      <EmptyState
        icon={<ManageSearchIcon fontSize="inherit" />}
        title="Search the fileset’s text"
        description="Type words or a phrase and press Enter. Narrow it to a directory, or ask for more matches with Top K."
      />
    );
  if (results.isPending) return <LoadingState rows={5} label="Searching" />;
  if (results.isError)
    return (
      <ErrorState
        error={results.error}
        onRetry={() => void results.refetch()}
        title="The search failed"
      />
    );
  const { matches } = results.data;
  if (matches.length === 0)
    return (
      <EmptyState
        icon={<SearchOffIcon fontSize="inherit" />}
        title={`No file matches “${search.query}”`}
        description={
          search.directoryPath
            ? `Only ${search.directoryPath} was searched; clear the directory to search the whole fileset.`
            : 'Try other words, or fewer of them.'
        }
      />
    );
  return (
    <Stack spacing={1} sx={{ opacity: results.isPlaceholderData ? 0.6 : 1 }}>
      <Typography variant="body2" role="status" sx={{ color: 'text.secondary' }}>
        {plural(matches.length, 'match', 'matches')}, best first
        {search.directoryPath ? ` in ${search.directoryPath}` : ''}
      </Typography>
      <SearchResults matches={matches} fileHref={fileHref} />
    </Stack>
  );
}
