import type { AuditEvent } from '../../../src/api/contract/audit';
import type { TestPlatform } from '../testing';

/** Sample data the cases change (seed/data): a dataset with partitions, a datastore. */
export const SALES = '3b1f7c2e-8a4d-4e6f-9b0a-5c2d1e3f4a10';
export const DATASTORE = '6f1c2a52-5d2e-4c8e-9a51-1b0c1d2e3f40';
export const SECRETS = {
  exportKey: 'AKIAAUDITEXPORTKEY1234',
  exportSecret: 'audit-export-secret-9f8e7d6c',
  exportSession: 'audit-export-session-5a4b3c',
  urlPassword: 'audit-url-pa55word',
  apiKey: 'sk-auditapikey0123456789',
  bearer: 'audit-bearer-value-abcdef',
  prompt: 'the secret prompt text about unicorns',
};

export interface Case {
  action: string;
  objectType: AuditEvent['object']['type'];
  /** Makes the change; answers the object id the event names. */
  act: () => Promise<string>;
  check?: (event: AuditEvent) => void;
}

export interface CaseContext {
  platform: () => TestPlatform;
  /** A request as the administrator that must succeed; its JSON answer. */
  call: (
    path: string,
    init?: RequestInit & { json?: unknown },
  ) => Promise<Record<string, unknown> | undefined>;
  /** Ids one case makes and a later one uses. */
  state: Record<string, string>;
}
