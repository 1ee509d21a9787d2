import type { FilesetFile } from '../../../api/contract';
import type { OpenFile } from '../components/FileDrawer';
import type { FileMatch } from '../components/SearchResults';

/** The open file as the listing knows it (with its author), else as the search found it. */
export function openFileOf(
  fileId: string | undefined,
  files: FilesetFile[] | undefined,
  matches: FileMatch[] | undefined,
): OpenFile | undefined {
  if (!fileId) return undefined;
  const listed = files?.find((f) => f.id === fileId);
  if (listed) return listed;
  const found = matches?.find((m) => m.node.id === fileId)?.node;
  return found && { ...found };
}
