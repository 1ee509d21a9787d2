import type SvgIcon from '@mui/material/SvgIcon';
import StorageIcon from '@mui/icons-material/Storage';
import DatasetOutlinedIcon from '@mui/icons-material/DatasetOutlined';
import StreamIcon from '@mui/icons-material/Stream';
import ChatOutlinedIcon from '@mui/icons-material/ChatOutlined';
import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import FunctionsIcon from '@mui/icons-material/Functions';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import FolderCopyOutlinedIcon from '@mui/icons-material/FolderCopyOutlined';
import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import HistoryIcon from '@mui/icons-material/History';
import AdminPanelSettingsOutlinedIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import AppsOutlinedIcon from '@mui/icons-material/AppsOutlined';
import {
  activityPath,
  appsPath,
  calculatedFieldsPath,
  dataFilesPath,
  datasetsPath,
  datastoresPath,
  exportsDashboardPath,
  filesetSearchPath,
  playgroundPath,
  securityPath,
  streamsPath,
  workflowsPath,
} from '../lib/paths';

export interface Screen {
  path: string;
  label: string;
  icon: typeof SvgIcon;
}

/** The side navigation, in order. A new screen is one line here plus its route in router.tsx. */
export const screens: Screen[] = [
  { path: datastoresPath(), label: 'Document store', icon: StorageIcon },
  { path: datasetsPath(), label: 'Datasets', icon: DatasetOutlinedIcon },
  { path: dataFilesPath(), label: 'Data files', icon: InsertDriveFileOutlinedIcon },
  { path: exportsDashboardPath(), label: 'Export monitoring', icon: CloudUploadOutlinedIcon },
  { path: calculatedFieldsPath(), label: 'Calculated fields', icon: FunctionsIcon },
  { path: filesetSearchPath(), label: 'Fileset search', icon: FolderCopyOutlinedIcon },
  { path: streamsPath(), label: 'Streams', icon: StreamIcon },
  { path: workflowsPath(), label: 'Workflows', icon: AccountTreeOutlinedIcon },
  { path: playgroundPath(), label: 'Prompt playground', icon: ChatOutlinedIcon },
  { path: securityPath(), label: 'Security', icon: AdminPanelSettingsOutlinedIcon },
  { path: appsPath(), label: 'Apps', icon: AppsOutlinedIcon },
  { path: activityPath(), label: 'Activity', icon: HistoryIcon },
];

export const HOME_PATH = screens[0]?.path ?? '/';
