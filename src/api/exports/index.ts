export * from './keys';
export * from './get-export-history';
export * from './get-export-details';
export * from './get-exports-across';
export * from './exports-live';
export * from './create-export';
