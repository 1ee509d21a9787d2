import type { Actor } from '../../access/principal';
import type { Services } from '../../services';
import type { TestPlatform } from '../index';

/** The sample users (seed/data/people.json) a row may act as. */
export const sampleUserIds = { ada: 1, ben: 2, chloe: 3, dev: 4, eve: 5 } as const;
export type SampleUser = keyof typeof sampleUserIds;

/**
 * One operation of a service, called by a user who may not take it, and how it refuses:
 * 404 where the object is not visible to them, 403 naming what is needed; a list leaves out
 * what they may not see (`leavesOut`); an operation open to every user says why (`open`).
 */
export type Refusal<F> =
  | { status: 404 | 403; message: RegExp }
  | { leavesOut: (answer: unknown, fixtures: F) => boolean; why: string }
  | { open: string };

export interface RefusalRow<F> {
  /** `service.operation`, as the services object names them. */
  op: string;
  as: SampleUser;
  call: (services: Services, actor: Actor, fixtures: F) => Promise<unknown>;
  refused: Refusal<F>;
}

/** An area's rows, with the objects they refer to made once on the test's platform. */
export interface RefusalTable<F = Record<string, never>> {
  setup?: (platform: TestPlatform) => Promise<F>;
  rows: Array<RefusalRow<F>>;
}

export const refusalTable = <F>(table: RefusalTable<F>) => table;
