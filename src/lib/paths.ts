import type { AuditObjectType } from '../api/contract/audit';
import { SIGN_IN_PATH } from '../api/contract/sign-in';

/*
 * Every screen's address, one definition each. A feature links to another's screens through
 * these (features do not import each other); each feature's `routes.ts` matches them.
 */

const segment = (value: string | number) => encodeURIComponent(String(value));
const withSearch = (path: string, search: string) => (search ? `${path}?${search}` : path);

export const datastoresPath = () => '/datastores';
export const datastorePath = (datastoreId: string) => `${datastoresPath()}/${segment(datastoreId)}`;
export const collectionPath = (datastoreId: string, collectionId: string) =>
  `${datastorePath(datastoreId)}/collections/${segment(collectionId)}`;

export const datasetsPath = () => '/datasets';
export const datasetPath = (datasetId: string) => `${datasetsPath()}/${segment(datasetId)}`;
export type DatasetTab =
  '' | 'rows' | 'sharing' | 'certification' | 'partitions' | 'exports' | 'history';
export const datasetTabPath = (datasetId: string, tab: DatasetTab) =>
  tab ? `${datasetPath(datasetId)}/${tab}` : datasetPath(datasetId);
/** The dataset's page opened on the stream that loads it, offering to run it. */
export const datasetStreamPath = (datasetId: string, streamId: string | number) =>
  `${datasetPath(datasetId)}?stream=${segment(streamId)}`;

export const dataFilesPath = () => '/files';
export const dataFilePath = (dataFileId: number | string) =>
  `${dataFilesPath()}/${segment(dataFileId)}`;

export const exportsDashboardPath = () => '/exports';
/** An export's page: the dataset is in the path, as a real instance reads exports per dataset. */
export const exportPath = (datasetId: string, exportId: string) =>
  `${exportsDashboardPath()}/${segment(datasetId)}/${segment(exportId)}`;

export const calculatedFieldsPath = () => '/calculated-fields';

export const filesetSearchPath = () => '/filesets';

/** The Streams screen; its filters ride along in the query string. */
export const streamsPath = (search = '') => withSearch('/streams', search);
/** The stream wizard, at its first step or at `step`. */
export const newStreamPath = (step?: string) =>
  withSearch(`${streamsPath()}/new`, step ? `step=${segment(step)}` : '');
/** A stream's page, with its run history. */
export const streamPath = (streamId: number | string) => `${streamsPath()}/${segment(streamId)}`;

/** The workflows list; its search and page ride along in the query string. */
export const workflowsPath = (search = '') => withSearch('/workflows', search);
export const newWorkflowPath = () => `${workflowsPath()}/new`;
export const workflowPath = (workflowId: string) => `${workflowsPath()}/${segment(workflowId)}`;
export const editWorkflowPath = (workflowId: string) => `${workflowPath(workflowId)}/edit`;
export const runPath = (runId: string) => `${workflowsPath()}/runs/${segment(runId)}`;

export const playgroundPath = () => '/playground';
export type SecurityTab = 'tokens' | 'users' | 'roles' | 'sessions';
/** The Security area (it opens on its tokens), or one of its tabs. */
export const securityPath = (tab?: SecurityTab) => (tab ? `/security/${tab}` : '/security');
/** The console sessions in force: everyone's, or one person's. */
export const consoleSessionsPath = (userId?: number) =>
  withSearch(securityPath('sessions'), userId === undefined ? '' : `userId=${segment(userId)}`);

export const appsPath = () => '/apps';
export const appPath = (appId: string) => `${appsPath()}/${segment(appId)}`;

export const activityPath = () => '/activity';
/** The Activity screen filtered to one object's events. */
export const objectActivityPath = (objectType: AuditObjectType, objectId: string) =>
  `${activityPath()}?${new URLSearchParams({ objectType, objectId }).toString()}`;

/** Why the sign-in page was opened, when it says so: the person's session has ended. */
export type SignInReason = 'ended';
/** The sign-in page (team sign-in), which goes back to `next` once the person is signed in. */
export const signInPath = ({ next, reason }: { next?: string; reason?: SignInReason } = {}) => {
  const search = new URLSearchParams();
  if (next && next !== '/') search.set('next', next);
  if (reason) search.set('reason', reason);
  return withSearch(SIGN_IN_PATH, search.toString());
};
