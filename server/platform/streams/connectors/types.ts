import type { Connector as ConnectorInfo } from '../../../../src/api/contract';
import type { Actor } from '../../access/principal';
import { PlatformError } from '../../core/errors';
import type { DocumentService } from '../../datastores/documents';
import type { DatastoreService } from '../../datastores/service';
import type { DataFileService } from '../../files/service';
import type { CsvSource, SourceTable } from '../table';
import type { OutboundPolicy } from './outbound';

export interface ConfigurationItem {
  name: string;
  value: string;
}

/**
 * The services a connector reads other areas' data through: each decides, for the stream's
 * acting user, as it does for every other caller.
 */
export interface SourceServices {
  datastores: Pick<DatastoreService, 'open'>;
  documents: Pick<DocumentService, 'contents'>;
  dataFiles: Pick<DataFileService, 'open' | 'contents'>;
}

/** Who creates, changes or runs the stream, and the services its connector reads through. */
export interface SourceUse {
  actor: Actor;
  services: SourceServices;
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

/**
 * `read`, with a service's refusal of the source (404: the actor may not see it or it is gone;
 * 403: a permission is missing) said as the connector says it; any other error as it is.
 */
export async function refusedAs<T>(
  read: Promise<T>,
  say: (refusal: PlatformError) => Error,
): Promise<T> {
  try {
    return await read;
  } catch (error) {
    if (error instanceof PlatformError && (error.status === 403 || error.status === 404))
      throw say(error);
    throw error;
  }
}
