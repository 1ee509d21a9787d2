import { useMemo } from 'react';
import { Link as RouterLink, useParams } from 'react-router';
import Button from '@mui/material/Button';
import { useQuery } from '@tanstack/react-query';
import { dataFileAccessQueryOptions } from '../../../api/access/get-file-access';
import type { FileMetadata, FileRevision } from '../../../api/contract/files';
import { useDataFile } from '../../../api/files/get-data-file';
import {
  DateTime,
  DefinitionList,
  EmptyState,
  PageHeader,
  PageState,
  Section,
  UserName,
} from '../../../components';
import { formatBytes, plural } from '../../../lib/format';
import { AddRevisionForm } from '../components/AddRevisionForm';
import { RevisionCompare } from '../components/RevisionCompare';
import { RevisionDownload } from '../components/RevisionDownload';
import { RevisionsTable } from '../components/RevisionsTable';
import { revisionNumbers } from '../lib/revisions';
import { dataFilesPath } from '../../../lib/paths';

const crumbs = [{ label: 'Data files', to: dataFilesPath() }];

/** Ids in paths are integers (2.7): anything else names no data file (undefined). */
const toFileId = (raw: string | undefined) =>
  raw && /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;

/** A data file: its details, a new revision, its revisions and a comparison of two. */
export function DataFilePage() {
  const raw = useParams().fileId ?? '';
  const dataFileId = toFileId(raw);
  // An address that is no id (`/files/details`) asks the platform nothing.
  const { data: file, error, isPending, refetch } = useDataFile(dataFileId);
  // The page waits for what the user may do with the file, so no action is offered and then refused.
  const access = useQuery({
    ...dataFileAccessQueryOptions(dataFileId ?? 0),
    enabled: (dataFileId ?? 0) > 0,
  });
  const revisions = useMemo(() => file?.revisions ?? [], [file]);
  const numbers = useMemo(() => revisionNumbers(revisions), [revisions]);

  if (dataFileId === undefined)
    return (
      <>
        <PageHeader title="Data file" breadcrumbs={crumbs} />
        <EmptyState
          title={`No data file “${raw}”`}
          description="A data file's address ends in its id, a whole number. Pick the file from the list."
          action={
            <Button component={RouterLink} to={dataFilesPath()} variant="contained">
              All data files
            </Button>
          }
        />
      </>
    );
  const ready = file && !access.isPending ? file : undefined;
  const failed = !isPending && !file;
  const current = ready?.currentRevision;
  return (
    <>
      <PageHeader
        title={ready ? ready.name : failed ? 'Data file' : undefined}
        breadcrumbs={crumbs}
        subtitle={ready?.description || undefined}
        actions={
          ready &&
          current && (
            <RevisionDownload
              fileName={ready.name}
              revision={current}
              revisionName={`Revision ${numbers.get(current.dataFileRevisionId) ?? revisions.length}`}
              variant="button"
              buttonLabel="Download current"
            />
          )
        }
      />
      <PageState
        query={{ data: ready, isError: failed, error, refetch }}
        loading={{ variant: 'details', label: 'Loading the data file' }}
      >
        {(found) => <DataFileSections file={found} revisions={revisions} numbers={numbers} />}
      </PageState>
    </>
  );
}

function DataFileSections({
  file,
  revisions,
  numbers,
}: {
  file: FileMetadata;
  revisions: FileRevision[];
  numbers: Map<number, number>;
}) {
  const current = file.currentRevision;
  return (
    <>
      <Section title="Details">
        <DefinitionList
          items={[
            { label: 'Owner', value: <UserName id={file.responsibleUserId} /> },
            { label: 'Created', value: <DateTime value={file.datetimeCreated} /> },
            { label: 'Current size', value: current ? formatBytes(current.sizeBytes) : '—' },
            { label: 'Revisions', value: plural(revisions.length, 'revision') },
          ]}
        />
      </Section>
      <Section title="New revision" description="The upload becomes the file's current revision.">
        <AddRevisionForm dataFileId={file.dataFileId} />
      </Section>
      <Section title="Revisions" description="Newest first.">
        {revisions.length === 0 ? (
          <EmptyState title="No revisions" description="This data file has no bytes yet." />
        ) : (
          <RevisionsTable fileName={file.name} revisions={revisions} numbers={numbers} />
        )}
      </Section>
      <Section title="Compare revisions">
        {revisions.length < 2 ? (
          <EmptyState
            title="Nothing to compare yet"
            description="Upload a new revision to compare its size and hashes with this one."
          />
        ) : (
          <RevisionCompare revisions={revisions} numbers={numbers} />
        )}
      </Section>
    </>
  );
}
