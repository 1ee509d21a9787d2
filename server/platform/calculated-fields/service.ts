import type { CalculatedField } from '../../../src/api/contract';
import { cardSummaryList, MAX_CARD_URNS } from '../../../src/api/contract/calculated-fields';
import {
  calculatedFieldDecisions,
  datasetsToWeigh,
  decideCalculatedField,
  fieldRefused,
  type FieldForAccess,
} from '../access/calculated-fields';
import { enforce } from '../access/enforce';
import { listScope, type Actor, type Principal } from '../access/principal';
import { changed, recordEvent } from '../audit/record';
import { badRequest, conflict } from '../core/errors';
import type { DatasetService } from '../datasets/service';
import type { Principals } from '../people/principals';
import { NoRows, recorded, type Db } from '../store';
import {
  cardsInScope,
  expressionStatement,
  fieldNotFound,
  fieldStatistics,
  getField,
  getFields,
  lockStatement,
  searchFields,
  toCalculatedField,
} from './repository';
import type { Search } from './search';

/** A change of one field: lock or unlock (spec 4.4), or edit its expression (gaps.md). */
export type FieldChange = { locked: boolean } | { expression: string };
/** A change whose body could not be read: refused as `invalid` once the caller may change the field. */
export type UnreadableChange = { invalid: unknown };

const fieldAction = (change: FieldChange) =>
  'expression' in change ? 'field.edited' : change.locked ? 'field.locked' : 'field.unlocked';

/** Tries of a change whose field another change moved meanwhile (each reads it again). */
const TRIES = 3;
/** Fields one search page and one access answer cover (the contract's bounds too). */
const MAX_SEARCH_PAGE = 5000;
const MAX_ACCESS_IDS = 500;

/**
 * Calculated fields (spec 2.3, 4.4; gaps.md "Calculated fields"). Every user reads every field;
 * a change is decided here, as the acting user, from the field's owner and the actor's level on
 * the datasets it links (access/calculated-fields.ts, the levels from DatasetService).
 */
export class CalculatedFieldService {
  constructor(
    private readonly db: Db,
    private readonly principals: Principals,
    private readonly datasets: DatasetService,
  ) {}

  /** Every user reads every field, as the instance-wide search of the public API does. */
  async search(_actor: Actor, search: Search) {
    return searchFields(this.db, { ...search, limit: Math.min(search.limit, MAX_SEARCH_PAGE) });
  }

  /** Counts over every field (every user reads every field). */
  async statistics(_actor: Actor) {
    return fieldStatistics(this.db);
  }

  async get(_actor: Actor, id: string): Promise<CalculatedField> {
    return toCalculatedField(await getField(this.db, id));
  }

  /**
   * Locks, unlocks or edits the field as the actor: the field is read and the change judged,
   * then the change and its activity event are written in one batch (one message to PGlite's
   * thread) over the version that was judged; when another change came between, the field is
   * read and judged again. An unreadable change is refused only after the decision (404, 403
   * first).
   */
  async change(
    actor: Actor,
    id: string,
    change: FieldChange | UnreadableChange,
  ): Promise<CalculatedField> {
    for (let tries = 1; ; tries++) {
      const before = await getField(this.db, id);
      const principal = await this.principals.of(actor);
      enforce(
        decideCalculatedField(
          principal,
          before,
          await this.#levels(actor, principal, [before]),
          'change',
        ),
        () => fieldNotFound(id),
        () => fieldRefused(before.name),
      );
      if ('invalid' in change) throw change.invalid;
      const update =
        'locked' in change
          ? lockStatement(before, change.locked)
          : expressionStatement(before, change.expression);
      const event = await recorded((tx) =>
        recordEvent(
          tx,
          actor.userId,
          fieldAction(change),
          { type: 'calculated-field', id: before.id, name: before.name },
          changed({ locked: before.locked, expression: before.expression }, change),
        ),
      );
      try {
        const [written] = await this.db.batch(update ? [update, ...event] : event);
        return toCalculatedField(update ? (written![0] as typeof before) : before);
      } catch (error) {
        if (!(error instanceof NoRows)) throw error;
        if (tries === TRIES)
          throw conflict(`Calculated field "${before.name}" kept changing; try again`);
      }
    }
  }

  /**
   * The cards named (gaps.md), for a CARD link's title: only those whose dataset the actor may
   * read (or that have none); the others are left out, as unknown ids are.
   */
  async cards(actor: Actor, urns: string[]) {
    if (urns.length < 1 || urns.length > MAX_CARD_URNS)
      throw badRequest(`urns: name 1 to ${MAX_CARD_URNS} cards`);
    const rows = await cardsInScope(this.db, urns, listScope(await this.principals.of(actor)));
    return cardSummaryList.parse(
      rows.map((row) => ({ urn: row.id, title: row.title, datasetId: row.dataset_id })),
    );
  }

  /** What the actor may do with one field, for the console to disable the rest. */
  async access(actor: Actor, id: string) {
    const [answer] = await this.#decisions(actor, [await getField(this.db, id)]);
    return answer!;
  }

  /** What the actor may do with each field of `ids` that exists (a page of the list), in id order. */
  async accessOf(actor: Actor, ids: number[]) {
    return this.#decisions(actor, await getFields(this.db, ids.slice(0, MAX_ACCESS_IDS)));
  }

  async #decisions(actor: Actor, fields: Array<FieldForAccess & { id: number }>) {
    const principal = await this.principals.of(actor);
    const levels = await this.#levels(actor, principal, fields);
    return fields.map((field) => ({
      id: field.id,
      operations: calculatedFieldDecisions(principal, field, levels),
    }));
  }

  /** The actor's levels on the linked datasets the decisions on `fields` weigh. */
  async #levels(actor: Actor, principal: Principal, fields: readonly FieldForAccess[]) {
    const ids = datasetsToWeigh(principal, fields);
    return ids.length ? this.datasets.levels(actor, ids) : new Map();
  }
}
