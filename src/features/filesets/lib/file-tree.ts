export interface TreeFile {
  id: string;
  path: string;
  name: string;
}

export interface TreeFolder<F extends TreeFile = TreeFile> {
  name: string;
  /** The folder's path without a trailing slash; `""` for the root. */
  path: string;
  folders: TreeFolder<F>[];
  files: F[];
}

/** Folders from the files' paths (`a/b/c.md` → a › b › c.md), folders first, each sorted by name. */
export function buildFileTree<F extends TreeFile>(files: F[]): TreeFolder<F> {
  const root: TreeFolder<F> = { name: '', path: '', folders: [], files: [] };
  const byPath = new Map<string, TreeFolder<F>>([['', root]]);
  const folderOf = (path: string): TreeFolder<F> => {
    const known = byPath.get(path);
    if (known) return known;
    const cut = path.lastIndexOf('/');
    const parent = folderOf(cut < 0 ? '' : path.slice(0, cut));
    const folder: TreeFolder<F> = { name: path.slice(cut + 1), path, folders: [], files: [] };
    parent.folders.push(folder);
    byPath.set(path, folder);
    return folder;
  };
  for (const file of files) {
    const cut = file.path.lastIndexOf('/');
    folderOf(cut < 0 ? '' : file.path.slice(0, cut)).files.push(file);
  }
  const sort = (folder: TreeFolder<F>) => {
    folder.folders.sort((a, b) => a.name.localeCompare(b.name));
    folder.files.sort((a, b) => a.name.localeCompare(b.name));
    folder.folders.forEach(sort);
  };
  sort(root);
  return root;
}

/** How many files a folder holds, its subfolders included. */
export const countFiles = (folder: TreeFolder): number =>
  folder.files.length + folder.folders.reduce((n, f) => n + countFiles(f), 0);
