export * from './keys';
export * from './get-user';
export * from './get-users';
export * from './get-groups';
export * from './get-group-members';
