import { certifiableEntityType, type CertificationState } from '../../../src/api/contract';
import type { DatasetOperation } from '../access/datasets';
import type { Actor } from '../access/principal';
import { recordEvent } from '../audit/record';
import { badRequest, notFound } from '../core/errors';
import type { Db } from '../store';
import {
  certifiableExists,
  deleteCertification,
  putCertification,
  readCertification,
} from './certification-repository';
import type { DatasetService } from './service';

type EntityType = 'CARD' | 'DATA_SOURCE';

const certified = (type: EntityType, id: string) =>
  ({ type: type === 'CARD' ? 'card' : 'dataset', id }) as const;

/**
 * Certification (4.9) of a dataset or a card. A dataset's state is read with read access and
 * changed with manage access (its owner, co-owners, Admins); cards have no owner here, so any
 * user may certify one that exists.
 */
export class CertificationService {
  constructor(
    private readonly db: Db,
    private readonly datasets: DatasetService,
  ) {}

  /** The entity type, once the entity exists and the actor's access allows `operation`. */
  async #checked(
    actor: Actor,
    entityType: string,
    entityId: string,
    operation: DatasetOperation,
  ): Promise<EntityType> {
    const type = certifiableEntityType.safeParse(entityType);
    if (!type.success)
      throw badRequest(`entityType: expected CARD or DATA_SOURCE, not "${entityType}"`);
    if (type.data === 'DATA_SOURCE') await this.datasets.open(actor, entityId, operation);
    else if (!(await certifiableExists(this.db, 'CARD', entityId)))
      throw notFound(`No card ${entityId}`);
    return type.data;
  }

  async state(actor: Actor, entityType: string, entityId: string): Promise<CertificationState> {
    const type = await this.#checked(actor, entityType, entityId, 'read');
    return readCertification(this.db, type, entityId);
  }

  async certify(actor: Actor, entityType: string, entityId: string, state: string) {
    const type = await this.#checked(actor, entityType, entityId, 'manage');
    if (state !== 'ACTIVE') throw badRequest(`state: only ACTIVE can be set, not "${state}"`);
    await this.db.transaction(async (tx) => {
      const before = await readCertification(tx, type, entityId);
      await recordEvent(tx, actor.userId, 'certified', certified(type, entityId), {
        state: [before.state, 'ACTIVE'],
      });
      await putCertification(tx, type, entityId, actor.userId);
    });
    return type;
  }

  async uncertify(actor: Actor, entityType: string, entityId: string) {
    const type = await this.#checked(actor, entityType, entityId, 'manage');
    await this.db.transaction(async (tx) => {
      const gone = await deleteCertification(tx, type, entityId);
      if (gone)
        await recordEvent(tx, actor.userId, 'uncertified', certified(type, entityId), {
          state: [gone, null],
        });
    });
  }
}
