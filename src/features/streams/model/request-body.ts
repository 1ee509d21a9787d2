import type { Connector, CreateStreamBody } from '../../../api/contract/streams';
import { toAdvancedScheduleJson } from './schedule';
import type { WizardValues } from './wizard-values';

/**
 * 4.3 Create Stream, exactly as it is sent: the connector names the transport and the data
 * provider; only the connector's own fields that have a value go into `configuration`.
 */
export function buildCreateStreamBody(
  values: WizardValues,
  connector: Connector,
): CreateStreamBody {
  if (!values.updateMethod) throw new Error('The update method is not chosen yet');
  return {
    transport: { type: 'CONNECTOR', description: connector.key, version: values.version },
    configuration: connector.fields.flatMap((field) => {
      const value = values.configuration[field.name]?.trim() ?? '';
      return value ? [{ name: field.name, value, type: 'string', category: 'METADATA' }] : [];
    }),
    account: { id: Number(values.accountId) },
    updateMethod: values.updateMethod,
    dataProvider: { key: connector.key },
    dataSource: {
      name: values.dataset.name.trim(),
      description: values.dataset.description.trim(),
    },
    advancedScheduleJson: toAdvancedScheduleJson(values.schedule),
  };
}
