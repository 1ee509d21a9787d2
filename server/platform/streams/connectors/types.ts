import type { Connector as ConnectorInfo } from '../../../../src/api/contract';
import type { Queryable } from '../../store';
import type { SourceTable } from '../table';
import type { OutboundPolicy } from './outbound';

export interface ConfigurationItem {
  name: string;
  value: string;
}

/** A source of rows a stream reads from; `transport.description` names it (4.3). */
export interface Connector extends ConnectorInfo {
  /** Throws a 400 naming `configuration.<name>` when the stream could never run. */
  validate(configuration: ConfigurationItem[], db: Queryable): Promise<void>;
  /** Throws SourceError with a message for the execution when the source cannot be read. */
  read(
    configuration: ConfigurationItem[],
    db: Queryable,
    outbound: OutboundPolicy,
  ): Promise<SourceTable>;
}

export const configValue = (configuration: ConfigurationItem[], name: string) =>
  configuration.find((item) => item.name === name)?.value.trim();
