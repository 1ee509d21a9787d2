export * from './keys';
export * from './get-export-history';
export * from './create-export';
