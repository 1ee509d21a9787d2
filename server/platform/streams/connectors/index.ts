import type { Connector as ConnectorInfo } from '../../../../src/api/contract';
import { badRequest } from '../../core/errors';
import { collectionConnector } from './collection';
import { dataFileConnector } from './data-file';
import { httpCsvConnector } from './http-csv';
import type { Connector } from './types';

export const connectors: Connector[] = [dataFileConnector, collectionConnector, httpCsvConnector];

export const connectorList = (): ConnectorInfo[] =>
  connectors.map(({ key, name, versions, fields }) => ({ key, name, versions, fields }));

/** `transport.description` names the connector (4.3); an unknown one is a 400 naming the field. */
export function connectorFor(description: string, version?: string): Connector {
  const connector = connectors.find((c) => c.key === description);
  if (!connector)
    throw badRequest(
      `transport.description: unknown connector "${description}"; known: ${connectors.map((c) => c.key).join(', ')}`,
    );
  if (version !== undefined && !connector.versions.includes(version))
    throw badRequest(
      `transport.version: ${description} has version ${connector.versions.join(', ')}, not "${version}"`,
    );
  return connector;
}
