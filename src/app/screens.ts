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

export interface Screen {
  path: string;
  label: string;
  icon: typeof SvgIcon;
}

/** The side navigation, in order. A new screen is one line here plus its route in router.tsx. */
export const screens: Screen[] = [
  { path: '/datastores', label: 'Document store', icon: StorageIcon },
  { path: '/datasets', label: 'Datasets', icon: DatasetOutlinedIcon },
  { path: '/files', label: 'Data files', icon: InsertDriveFileOutlinedIcon },
  { path: '/exports', label: 'Export monitoring', icon: CloudUploadOutlinedIcon },
  { path: '/calculated-fields', label: 'Calculated fields', icon: FunctionsIcon },
  { path: '/filesets', label: 'Fileset search', icon: FolderCopyOutlinedIcon },
  { path: '/streams', label: 'Streams', icon: StreamIcon },
  { path: '/workflows', label: 'Workflows', icon: AccountTreeOutlinedIcon },
  { path: '/playground', label: 'Prompt playground', icon: ChatOutlinedIcon },
  { path: '/security', label: 'Security', icon: AdminPanelSettingsOutlinedIcon },
  { path: '/apps', label: 'Apps', icon: AppsOutlinedIcon },
  { path: '/activity', label: 'Activity', icon: HistoryIcon },
];

export const HOME_PATH = screens[0]?.path ?? '/';
