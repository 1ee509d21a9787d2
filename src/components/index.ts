export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { NoValue } from './NoValue';
export { TitledDialog, type TitledDialogProps } from './TitledDialog';
export { CopyButton } from './CopyButton';
export { DateTime } from './DateTime';
export { DefinitionList, type Definition } from './DefinitionList';
export { EmptyState } from './EmptyState';
export { FillHeight, type FillHeightProps } from './FillHeight';
export { ErrorState } from './ErrorState';
export { JsonView } from './JsonView';
export { LoadingState } from './LoadingState';
export { PageState, type PageQuery, type PageStateProps } from './PageState';
export { PageHeader, type Crumb } from './PageHeader';
export { StatusChip, type StatusTone } from './StatusChip';
export { UserName, type UserNameProps } from './UserName';
export {
  NotificationsProvider,
  createNotifier,
  useNotify,
  type Notifier,
  type Notify,
} from './notifications';
export { Section, type SectionProps } from './Section';
export {
  Guard,
  GuardedAction,
  GuardedCollectionAction,
  type GuardProps,
  type GuardedActionProps,
  type GuardedCollectionActionProps,
} from './GuardedAction';
export { SearchField, type SearchFieldProps } from './SearchField';
export { TextRowsTable, type TextRowsTableProps } from './TextRowsTable';
export {
  DataTable,
  actionsColumn,
  type DataColumn,
  type DataTableProps,
  type DataTablePager,
  type DataTableSort,
} from './DataTable';
export { ChangeDiff } from './audit/ChangeDiff';
export { EventActor } from './audit/EventActor';
export { ObjectHistory, type ObjectHistoryProps } from './audit/ObjectHistory';
export {
  SideDrawer,
  DrawerHeader,
  type SideDrawerProps,
  type DrawerHeaderProps,
} from './SideDrawer';
export { LastRunCell, type LastRunCellProps } from './LastRunCell';
export { LinkTabs, type LinkTab, type LinkTabsProps } from './LinkTabs';
export { LeaveDialog, type LeaveDialogProps } from './LeaveDialog';
export { SelectFilter, type SelectFilterProps } from './SelectFilter';
