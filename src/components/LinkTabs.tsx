import { Link as RouterLink } from 'react-router';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';

export interface LinkTab {
  value: string;
  label: string;
  /** Where the tab leads: each tab is its own URL. */
  to: string;
  /** The tab's id, which names the panel while it is shown. */
  id: string;
}

export interface LinkTabsProps {
  /** "Dataset sections". */
  label: string;
  tabs: LinkTab[];
  /** The value of the tab shown; none when the URL is not one of them. */
  current: string | undefined;
  /** The id of the one tab panel under them. */
  panelId: string;
}

/** A page's sections as tabs that are links (scrollable on a narrow screen). */
export function LinkTabs({ label, tabs, current, panelId }: LinkTabsProps) {
  return (
    <Tabs
      value={tabs.some((t) => t.value === current) ? current : false}
      aria-label={label}
      variant="scrollable"
      allowScrollButtonsMobile
      sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
    >
      {tabs.map((tab) => (
        <Tab key={tab.value} component={RouterLink} aria-controls={panelId} {...tab} />
      ))}
    </Tabs>
  );
}
