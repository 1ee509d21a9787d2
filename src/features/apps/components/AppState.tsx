import type { App } from '../../../api/contract/apps';
import { StatusChip } from '../../../components';

/** Whether an app can serve calls: a malformed manifest, not used yet, or in use. */
export function AppState({ app }: { app: App }) {
  if (app.problem) return <StatusChip label="Manifest malformed" tone="error" />;
  if (!app.datastoreId) return <StatusChip label="Not used yet" />;
  return <StatusChip label="In use" tone="success" />;
}
