import { describe, expect, it } from 'vitest';
import { buildFileTree, countFiles } from './file-tree';

const file = (path: string) => ({ id: path, path, name: path.split('/').pop()! });

describe('buildFileTree', () => {
  it('makes folders from the paths, folders first and sorted by name', () => {
    const tree = buildFileTree([
      file('manuals/widget/setup.md'),
      file('readme.md'),
      file('manuals/gadget.md'),
      file('manuals/widget/care.md'),
      file('archive/old.txt'),
    ]);
    expect(tree.files.map((f) => f.name)).toEqual(['readme.md']);
    expect(tree.folders.map((f) => f.path)).toEqual(['archive', 'manuals']);
    const manuals = tree.folders[1]!;
    expect(manuals.files.map((f) => f.name)).toEqual(['gadget.md']);
    expect(manuals.folders[0]).toMatchObject({ name: 'widget', path: 'manuals/widget' });
    expect(manuals.folders[0]!.files.map((f) => f.name)).toEqual(['care.md', 'setup.md']);
    expect(countFiles(tree)).toBe(5);
    expect(countFiles(manuals)).toBe(3);
  });

  it('is an empty root for no files', () => {
    expect(buildFileTree([])).toEqual({ name: '', path: '', folders: [], files: [] });
  });
});
