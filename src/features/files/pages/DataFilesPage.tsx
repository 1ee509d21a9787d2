import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { ErrorState, listPager, LoadingState, PageHeader, SearchField } from '../../../components';
import { ListEmptyState } from '../../../components/ListEmptyState';
import { UploadDataFileDialog } from '../components/UploadDataFileDialog';
import { DataFilesTable } from '../components/DataFilesTable';
import { useDataFileList } from '../hooks/use-data-file-list';
import { useDataFileListParams } from '../hooks/use-data-file-list-params';

/** Every data file of the platform, searchable by name, with an upload. */
export function DataFilesPage() {
  const params = useDataFileListParams();
  const list = useDataFileList(params);
  const [uploading, setUploading] = useState(false);

  const uploadButton = (
    <Button variant="contained" startIcon={<UploadFileIcon />} onClick={() => setUploading(true)}>
      Upload data file
    </Button>
  );

  const body = () => {
    if (list.isPending) return <LoadingState label="Loading data files" />;
    if (list.isError && !list.files)
      return <ErrorState error={list.error} onRetry={() => void list.refetch()} />;
    const files = list.files ?? [];
    if (files.length === 0)
      return (
        <ListEmptyState
          list={params}
          pastEnd={{
            title: 'This page is empty',
            description: 'There are fewer data files than this page needs.',
          }}
          noMatch={{ title: `No data file is named like “${params.search}”` }}
          none={{
            title: 'No data files yet',
            description:
              'Upload a CSV or any other file: each upload keeps its size, hashes and scan state.',
            action: uploadButton,
          }}
        />
      );
    return (
      <DataFilesTable
        files={files}
        pager={listPager(params, { hasNextPage: list.hasNextPage })}
        updating={list.updating}
      />
    );
  };

  return (
    <>
      <PageHeader title="Data files" actions={uploadButton} />
      <Stack spacing={2}>
        <SearchField label="Search by name" value={params.search} onSearch={params.setSearch} />
        {body()}
      </Stack>
      {uploading && <UploadDataFileDialog open onClose={() => setUploading(false)} />}
    </>
  );
}
