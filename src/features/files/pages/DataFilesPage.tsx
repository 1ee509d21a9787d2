import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import { PageHeader, PageState, SearchField } from '../../../components';
import { ListEmptyState } from '../../../components/ListEmptyState';
import { UploadDataFileDialog } from '../components/UploadDataFileDialog';
import { DataFilesTable } from '../components/DataFilesTable';
import { useDataFileList } from '../hooks/use-data-file-list';
import { useListController } from '../../../hooks/use-list-controller';
import { dataFileListSpec } from '../lib/list-params';

/** Every data file of the platform, searchable by name, with an upload. */
export function DataFilesPage() {
  const list = useListController(dataFileListSpec);
  const { params, setters } = list;
  const files = useDataFileList(params);
  const [uploading, setUploading] = useState(false);

  const uploadButton = (
    <Button variant="contained" startIcon={<UploadFileIcon />} onClick={() => setUploading(true)}>
      Upload data file
    </Button>
  );

  return (
    <>
      <PageHeader title="Data files" actions={uploadButton} />
      <Stack spacing={2}>
        <SearchField label="Search by name" value={params.q} onSearch={setters.q} />
        <PageState
          query={files}
          loading="Loading data files"
          empty={() =>
            files.files?.length === 0 && (
              <ListEmptyState
                list={list}
                pastEnd={{
                  title: 'This page is empty',
                  description: 'There are fewer data files than this page needs.',
                }}
                noMatch={{ title: `No data file is named like “${params.q}”` }}
                none={{
                  title: 'No data files yet',
                  description:
                    'Upload a CSV or any other file: each upload keeps its size, hashes and scan state.',
                  action: uploadButton,
                }}
              />
            )
          }
        >
          <DataFilesTable
            files={files.files ?? []}
            pager={list.pager({ hasNextPage: files.hasNextPage })}
            updating={files.updating}
          />
        </PageState>
      </Stack>
      {uploading && <UploadDataFileDialog open onClose={() => setUploading(false)} />}
    </>
  );
}
