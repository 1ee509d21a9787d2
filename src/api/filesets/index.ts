export * from './keys';
export * from './get-filesets';
export * from './get-fileset-files';
export * from './query-files';
export * from './read-file';
export * from './upload-fileset-file';
