import { useCallback, useState } from 'react';
import type { UploadProgress } from '../../../api/files/upload-with-progress';

/** The progress of the one upload a form runs; `reset` before the next one. */
export function useUploadProgress() {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const reset = useCallback(() => setProgress(null), []);
  return { progress, onProgress: setProgress, reset };
}
