export * from './keys';
export * from './get-models';
export * from './generate';
export * from './get-session';
export * from './stream';
