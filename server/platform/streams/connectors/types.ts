import type { Connector as ConnectorInfo } from '../../../../src/api/contract';
import type { Principal } from '../../access/principal';
import type { StreamSources } from '../stream-sources';
import type { CsvSource, SourceTable } from '../table';
import type { OutboundPolicy } from './outbound';

export interface ConfigurationItem {
  name: string;
  value: string;
}

/** Who creates, changes or runs the stream, and where its connector reads other areas' data. */
export interface SourceUse {
  actor: Principal;
  sources: StreamSources;
}

/** A run's use of its source: also what an outbound fetch may reach. */
export interface SourceRun extends SourceUse {
  outbound: OutboundPolicy;
}

/** A source of rows a stream reads from; `transport.description` names it (4.3). */
export interface Connector extends ConnectorInfo {
  /**
   * Throws a 400 naming `configuration.<name>` when the stream could never run, and a 403 naming
   * what is needed when `use.actor` (who creates or changes the stream) may not read its source.
   */
  validate(configuration: ConfigurationItem[], use: SourceUse): Promise<void>;
  /**
   * Throws SourceError with a message for the execution when the source cannot be read, or when
   * `run.actor` (who runs the stream) may not read it, naming what is needed.
   */
  read(configuration: ConfigurationItem[], run: SourceRun): Promise<SourceTable | CsvSource>;
}

export const configValue = (configuration: ConfigurationItem[], name: string) =>
  configuration.find((item) => item.name === name)?.value.trim();
