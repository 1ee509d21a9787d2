import type { FieldPath } from 'react-hook-form';
import type { StepId } from './steps';
import type { WizardValues } from './wizard-values';

export interface ErrorPlace {
  step: StepId;
  field?: FieldPath<WizardValues>;
  /** The message without the field path it starts with. */
  message: string;
}

const scheduleFields = new Set(['type', 'timezone', 'intervalMinutes', 'at']);

/**
 * The platform names the request field a 400 is about: "configuration.dataFileId: no data file 9",
 * "advancedScheduleJson: at: time as HH:MM". This finds the step (and field) that holds it.
 */
export function placeOfPlatformError(message: string): ErrorPlace | undefined {
  const match = /^([A-Za-z]+)(?:\.([\w.]+))?:\s*(.*)$/s.exec(message);
  if (!match) return undefined;
  const [, root, rest = '', detail = ''] = match;
  const sub = rest.split('.')[0] ?? '';
  switch (root) {
    case 'transport':
    case 'dataProvider':
      return {
        step: 'connector',
        field: sub === 'version' ? 'version' : 'connectorKey',
        message: detail,
      };
    case 'configuration':
      return /^[A-Za-z_]\w*$/.test(sub)
        ? { step: 'configuration', field: `configuration.${sub}`, message: detail }
        : { step: 'configuration', message: detail };
    case 'account':
      return { step: 'account', field: 'accountId', message: detail };
    case 'updateMethod':
      return { step: 'update-method', field: 'updateMethod', message: detail };
    case 'advancedScheduleJson': {
      const inner = /^(\w+):\s*(.*)$/s.exec(detail);
      return inner && scheduleFields.has(inner[1]!)
        ? {
            step: 'schedule',
            field: `schedule.${inner[1] as 'type' | 'timezone' | 'intervalMinutes' | 'at'}`,
            message: inner[2]!,
          }
        : { step: 'schedule', field: 'schedule.type', message: detail };
    }
    case 'dataSource':
      return {
        step: 'dataset',
        field: sub === 'description' ? 'dataset.description' : 'dataset.name',
        message: detail,
      };
    default:
      return undefined;
  }
}
