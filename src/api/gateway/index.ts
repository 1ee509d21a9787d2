export * from './keys';
export * from './status';
export * from './sign-in';
export * from './sign-out';
