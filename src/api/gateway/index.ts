export * from './keys';
export * from './status';
