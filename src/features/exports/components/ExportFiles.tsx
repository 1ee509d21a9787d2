import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import DownloadIcon from '@mui/icons-material/Download';
import TableViewIcon from '@mui/icons-material/TableView';
import type { ExportFile } from '../../../api/contract';
import { exportFileDownloadPath } from '../../../api/exports';
import { CopyButton, DataTable, EmptyState, type DataColumn } from '../../../components';
import { formatCount } from '../../../lib/format';
import { ExportPreviewTable } from './ExportPreviewTable';

export interface ExportFilesProps {
  exportId: string;
  files: ExportFile[];
}

/**
 * What the export wrote, one row per object with its row count (`urlRowCountMap`). The platform's
 * own files are downloaded through the gateway and their first rows previewed here; an S3 object
 * is read from its bucket, so only its URL is shown.
 */
export function ExportFiles({ exportId, files }: ExportFilesProps) {
  const [previewed, setPreviewed] = useState<number>();
  if (files.length === 0)
    return (
      <EmptyState
        title="No file"
        description="An export lists its files once it has written them."
      />
    );
  const columns: DataColumn<ExportFile>[] = [
    {
      key: 'object',
      header: 'Object',
      sx: { overflowWrap: 'anywhere' },
      cell: (file) => (
        <>
          <Box component="code" sx={{ fontSize: 13 }}>
            {file.url}
          </Box>
          <CopyButton value={file.url} label="Copy the object's URL" />
        </>
      ),
    },
    { key: 'rows', header: 'Rows', align: 'right', cell: (file) => formatCount(file.rows) },
    {
      key: 'actions',
      header: 'Actions',
      hideHeader: true,
      nowrap: true,
      cell: (file) => {
        const n = files.indexOf(file);
        return file.downloadable ? (
          <Stack direction="row" spacing={1}>
            <Button
              size="small"
              startIcon={<DownloadIcon />}
              href={exportFileDownloadPath(exportId, n)}
              download
              aria-label={`Download ${file.name}`}
            >
              Download
            </Button>
            <Button
              size="small"
              startIcon={<TableViewIcon />}
              aria-pressed={previewed === n}
              onClick={() => setPreviewed(previewed === n ? undefined : n)}
            >
              Preview
            </Button>
          </Stack>
        ) : (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            In its bucket
          </Typography>
        );
      },
    },
  ];
  return (
    <Stack spacing={2}>
      <DataTable
        label="Files"
        frame="none"
        columns={columns}
        rows={files}
        rowKey={(file) => file.url}
      />
      {previewed !== undefined && files[previewed] && (
        <ExportPreviewTable exportId={exportId} file={previewed} name={files[previewed].name} />
      )}
    </Stack>
  );
}
