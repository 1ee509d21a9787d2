import { useMemo } from 'react';
import { useFormContext } from 'react-hook-form';
import { useDataFiles } from '../../../api/files/get-data-files';
import { useUploadDataFile } from '../../../api/files/upload-data-file';
import type { WizardValues } from '../model/wizard-values';

/** Enough for a picker: the embedded platform's list endpoint takes at most 500. */
export const DATA_FILE_LIST = { expand: 'metadata', limit: 500 } as const;

/** The data files to pick from (newest first), and "upload a CSV", which selects what it uploads. */
export function useDataFileChoice(fieldName: `configuration.${string}`) {
  const { setValue, clearErrors } = useFormContext<WizardValues>();
  const files = useDataFiles(DATA_FILE_LIST);
  const upload = useUploadDataFile();
  const sorted = useMemo(
    () =>
      [...(files.data ?? [])].sort(
        (a, b) => b.datetimeCreated - a.datetimeCreated || b.dataFileId - a.dataFileId,
      ),
    [files.data],
  );

  const uploadCsv = (file: File) =>
    upload.mutate(
      { file, name: file.name },
      {
        onSuccess: ({ dataFileId }) => {
          setValue(fieldName, String(dataFileId), { shouldDirty: true });
          clearErrors(fieldName);
        },
      },
    );

  return {
    files: sorted,
    loading: files.isPending,
    error: files.error,
    retry: () => void files.refetch(),
    uploadCsv,
    uploading: upload.isPending,
    uploadError: upload.error,
    uploaded: upload.isSuccess ? upload.variables.name : undefined,
  };
}
