import type { UpdateMethod } from '../../../api/contract/streams';

export type ScheduleType = 'MANUAL' | 'INTERVAL' | 'DAILY';

export interface ScheduleValues {
  type: ScheduleType;
  /** Text as typed; a whole number of minutes for INTERVAL. */
  intervalMinutes: string;
  /** HH:MM for DAILY. */
  at: string;
  timezone: string;
}

/** Every step's input in one form state, so Back and Next never lose any of it. */
export interface WizardValues {
  connectorKey: string;
  version: string;
  /** Keyed by the connector's field names; only the chosen connector's fields are sent. */
  configuration: Record<string, string>;
  accountId: string;
  updateMethod: UpdateMethod | '';
  schedule: ScheduleValues;
  dataset: { name: string; description: string };
}

export const emptyWizardValues = (timezone: string): WizardValues => ({
  connectorKey: '',
  version: '',
  configuration: {},
  accountId: '',
  updateMethod: '',
  schedule: { type: 'MANUAL', intervalMinutes: '60', at: '06:00', timezone },
  dataset: { name: '', description: '' },
});
