import { useExportPreview } from '../../../api/exports';
import { ErrorState, LoadingState, Section, TextRowsTable } from '../../../components';
import { plural } from '../../../lib/format';

/** The first rows of an export's file, as the platform wrote them (header row as headings). */
export function ExportPreviewTable({
  exportId,
  file,
  name,
}: {
  exportId: string;
  file: number;
  name: string;
}) {
  const preview = useExportPreview(exportId, file, true);
  const label = `First rows of ${name}`;
  return (
    <Section
      title={label}
      description={
        preview.data &&
        `${plural(preview.data.rows.length, 'row')}${preview.data.more ? ' shown; the file has more' : ''}`
      }
    >
      {preview.data ? (
        <TextRowsTable
          label={label}
          header={preview.data.columns}
          rows={preview.data.rows.map((row) => row.map((cell) => cell ?? ''))}
          empty="The file has no rows."
        />
      ) : preview.isError ? (
        <ErrorState error={preview.error} onRetry={() => void preview.refetch()} />
      ) : (
        <LoadingState label="Loading the first rows" rows={5} />
      )}
    </Section>
  );
}
