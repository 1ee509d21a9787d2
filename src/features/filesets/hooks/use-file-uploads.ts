import { useState } from 'react';
import { useUploadFilesetFile } from '../../../api/filesets';

export interface UploadItem {
  key: string;
  name: string;
  size: number;
  loaded: number;
  state: 'waiting' | 'uploading' | 'done' | 'failed';
  error?: unknown;
}

/** Uploads the chosen files one after another, each with its own progress. */
export function useFileUploads(filesetId: string) {
  const upload = useUploadFilesetFile();
  const [items, setItems] = useState<UploadItem[]>([]);
  const patch = (key: string, change: Partial<UploadItem>) =>
    setItems((all) => all.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const start = async (files: File[], directoryPath: string) => {
    const batch = files.map((file, i) => ({
      file,
      item: {
        key: `${Date.now()}-${i}-${file.name}`,
        name: file.name,
        size: file.size,
        loaded: 0,
        state: 'waiting' as const,
      },
    }));
    setItems((all) => [...batch.map((b) => b.item), ...all]);
    for (const { file, item } of batch) {
      patch(item.key, { state: 'uploading' });
      try {
        await upload.mutateAsync({
          filesetId,
          file,
          directoryPath,
          onProgress: ({ loaded }) => patch(item.key, { loaded }),
        });
        patch(item.key, { state: 'done', loaded: item.size });
      } catch (error) {
        patch(item.key, { state: 'failed', error });
      }
    }
  };

  return {
    items,
    busy: items.some((i) => i.state === 'uploading' || i.state === 'waiting'),
    start,
    clear: () =>
      setItems((all) => all.filter((i) => i.state === 'uploading' || i.state === 'waiting')),
  };
}
