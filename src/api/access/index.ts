export * from './keys';
export * from './get-me';
export * from './get-access-users';
export * from './get-roles';
export * from './get-access-tokens';
export * from './create-access-token';
export * from './revoke-access-token';
export * from './get-dataset-access';
