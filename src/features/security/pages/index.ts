export { SecurityPage } from './SecurityPage';
export { UsersTab } from './UsersTab';
export { TokensTab } from './TokensTab';
export { RolesTab } from './RolesTab';
export { SessionsTab } from './SessionsTab';
