export * from './keys';
export * from './list-events';
export * from './in-words';
export * from './filters';
