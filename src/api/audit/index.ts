export * from './keys';
export * from './list-events';
export * from './audit-words';
export * from './filters';
