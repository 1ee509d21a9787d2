import { writeSearch, type FilesetSearch } from './lib/search-params';

/** The fileset search screen; the search lives in the URL so that a link reproduces it. */
export const filesetSearchPath = (search: Partial<FilesetSearch> = {}) => {
  const params = writeSearch(search).toString();
  return params ? `/filesets?${params}` : '/filesets';
};
