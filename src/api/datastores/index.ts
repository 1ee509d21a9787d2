export * from './keys';
export * from './get-datastores';
export * from './get-collections';
export * from './get-collection';
export * from './create-document';
