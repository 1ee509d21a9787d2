import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import FolderCopyOutlinedIcon from '@mui/icons-material/FolderCopyOutlined';
import { useFilesetFiles, useFilesets, useQueryFiles } from '../../../api/filesets';
import { EmptyState, ErrorState, LoadingState, PageHeader } from '../../../components';
import { FileDrawer } from '../components/FileDrawer';
import { FilesetPicker } from '../components/FilesetPicker';
import { FilesPanel } from '../components/FilesPanel';
import { SearchPanel } from '../components/SearchPanel';
import { useFilesetSearch } from '../hooks/use-fileset-search';
import { openFileOf } from '../hooks/use-open-file';

export function FilesetSearchPage() {
  const { search, pickFileset, runSearch, closeFile, fileHref } = useFilesetSearch();
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
      {filesets.isPending && <LoadingState rows={3} label="Loading the filesets" />}
      {filesets.isError && (
        <ErrorState
          error={filesets.error}
          onRetry={() => void filesets.refetch()}
          title="Could not list the filesets"
        />
      )}
      {filesets.data?.fileSets.length === 0 && (
        <EmptyState
          title="No filesets yet"
          description="A fileset holds files to search; none exists on this platform."
        />
      )}
      {filesets.data && filesets.data.fileSets.length > 0 && (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 4, lg: 3 }}>
            <Stack spacing={2}>
              <FilesetPicker
                filesets={filesets.data.fileSets}
                value={filesetId}
                onChange={pickFileset}
              />
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
