import type { Connector as ConnectorInfo } from '../../../../src/api/contract';
import type { Principal } from '../../access/policy';
import type { Queryable } from '../../store';
import type { FileStore } from '../../store/files';
import type { CsvSource, SourceTable } from '../table';
import type { OutboundPolicy } from './outbound';

export interface ConfigurationItem {
  name: string;
  value: string;
}

/** A source of rows a stream reads from; `transport.description` names it (4.3). */
export interface Connector extends ConnectorInfo {
  /**
   * Throws a 400 naming `configuration.<name>` when the stream could never run, and a 403 naming
   * what is needed when `actor` (who creates or changes the stream) may not read its source.
   */
  validate(configuration: ConfigurationItem[], db: Queryable, actor: Principal): Promise<void>;
  /**
   * Throws SourceError with a message for the execution when the source cannot be read, or when
   * `run.actor` (who runs the stream) may not read it, naming what is needed.
   */
  read(
    configuration: ConfigurationItem[],
    db: Queryable,
    run: SourceRun,
  ): Promise<SourceTable | CsvSource>;
}

/** Who runs the stream, what an outbound fetch may reach, and where data files' bytes are. */
export interface SourceRun {
  actor: Principal;
  outbound: OutboundPolicy;
  files: FileStore;
}

export const configValue = (configuration: ConfigurationItem[], name: string) =>
  configuration.find((item) => item.name === name)?.value.trim();
