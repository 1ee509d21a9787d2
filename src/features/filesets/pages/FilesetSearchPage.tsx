import { useMemo } from 'react';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import FolderCopyOutlinedIcon from '@mui/icons-material/FolderCopyOutlined';
import { useFilesetFiles, useFilesets, useQueryFiles } from '../../../api/filesets';
import { EmptyState, PageHeader, PageState } from '../../../components';
import { useListController } from '../../../hooks/use-list-controller';
import { FileDrawer } from '../components/FileDrawer';
import { FilesetPicker } from '../components/FilesetPicker';
import { FilesPanel } from '../components/FilesPanel';
import { SearchPanel } from '../components/SearchPanel';
import {
  filesetSearchSpec,
  toFilesetSearch,
  writeSearch,
  type FilesetSearch,
} from '../lib/search-params';
import { openFileOf } from '../hooks/use-open-file';

type SearchFields = Pick<FilesetSearch, 'query' | 'directoryPath' | 'topK'>;

export function FilesetSearchPage() {
  const list = useListController(filesetSearchSpec);
  const search = useMemo(() => toFilesetSearch(list.params), [list.params]);
  // A write changes only what it names, on the latest URL, so closing a drawer never brings
  // back a directory the user has just cleared.
  const pickFileset = (fileset: string) => list.set({ fileset, dir: '', file: undefined });
  const runSearch = ({ query, directoryPath, topK }: SearchFields) =>
    list.set({ q: query, dir: directoryPath, topK, file: undefined });
  const closeFile = () => list.set({ file: undefined }, { replace: true });
  const fileHref = (fileId: string) => `?${writeSearch({ ...search, fileId }).toString()}`;
  const filesets = useFilesets();
  const { filesetId } = search;
  const results = useQueryFiles(filesetId, {
    query: search.query,
    ...(search.directoryPath ? { directoryPath: search.directoryPath } : {}),
    topK: search.topK,
  });
  const files = useFilesetFiles(filesetId);
  const openFile = openFileOf(search.fileId, files.data?.files, results.data?.matches);
  const known = filesets.data?.fileSets.some((f) => f.id === filesetId) ?? false;

  return (
    <Stack spacing={3}>
      <PageHeader
        title="Fileset search"
        subtitle="Find files by their text, read them, and upload new ones."
      />
      <PageState
        query={filesets}
        loading={{ rows: 3, label: 'Loading the filesets' }}
        errorTitle="Could not list the filesets"
        empty={(found) =>
          found.fileSets.length === 0 && (
            <EmptyState
              title="No filesets yet"
              description="A fileset holds files to search; none exists on this platform."
            />
          )
        }
      >
        {(found) => (
          <Grid container spacing={3}>
            <Grid size={{ xs: 12, md: 4, lg: 3 }}>
              <Stack spacing={2}>
                <FilesetPicker filesets={found.fileSets} value={filesetId} onChange={pickFileset} />
                {filesetId && known && (
                  <FilesPanel
                    filesetId={filesetId}
                    directory={search.directoryPath}
                    selectedFileId={search.fileId}
                    fileHref={fileHref}
                  />
                )}
              </Stack>
            </Grid>
            <Grid size={{ xs: 12, md: 8, lg: 9 }}>
              {filesetId && known ? (
                <SearchPanel
                  search={search}
                  results={results}
                  onSearch={runSearch}
                  fileHref={fileHref}
                />
              ) : (
                <EmptyState
                  icon={<FolderCopyOutlinedIcon fontSize="inherit" />}
                  title="Pick a fileset"
                  description="Choose the fileset to search; its files show as a tree on the left."
                />
              )}
            </Grid>
          </Grid>
        )}
      </PageState>
      {filesetId && (
        <FileDrawer
          filesetId={filesetId}
          file={openFile}
          open={Boolean(search.fileId) && (openFile !== undefined || !files.isPending)}
          onClose={closeFile}
        />
      )}
    </Stack>
  );
}
