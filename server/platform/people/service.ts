import type { PeopleListParams } from '../../../src/api/contract';
import type { Actor } from '../access/principal';
import { notFound } from '../core/errors';
import type { Db } from '../store';
import {
  getGroup,
  getUser,
  groupMembers,
  listGroups,
  listUsers,
  type GroupRow,
  type Page,
  type UserRow,
} from './repository';
import { withAccess, type UserAccess } from './user-access';

/** A page of people when the request names no size. */
export const PEOPLE_PAGE_SIZE = 50;

const page = (p: PeopleListParams): Page => ({
  q: p.q,
  limit: p.limit ?? PEOPLE_PAGE_SIZE,
  offset: p.offset ?? 0,
});
/** An id as the path gives it: text that is no id finds no one. */
const numericId = (raw: string) => (/^\d{1,9}$/.test(raw) ? Number(raw) : -1);

/**
 * The users and groups a dataset is shared with (4.5), and the acting user themselves. Every
 * user reads them: sharing names its principals, and the console names whom a share notifies.
 */
export class PeopleService {
  constructor(private readonly db: Db) {}

  async #group(id: string): Promise<GroupRow> {
    const group = await getGroup(this.db, numericId(id));
    if (!group) throw notFound(`No group ${id}`);
    return group;
  }

  async users(_actor: Actor, params: PeopleListParams): Promise<UserRow[]> {
    return listUsers(this.db, page(params));
  }

  async user(_actor: Actor, id: string): Promise<UserRow> {
    const user = await getUser(this.db, numericId(id));
    if (!user) throw notFound(`No user ${id}`);
    return user;
  }

  async groups(_actor: Actor, params: PeopleListParams): Promise<GroupRow[]> {
    return listGroups(this.db, page(params));
  }

  async group(_actor: Actor, id: string): Promise<GroupRow> {
    return this.#group(id);
  }

  /** Who a share with this group notifies: the console names them before `sendEmail`. */
  async groupMembers(_actor: Actor, id: string): Promise<UserRow[]> {
    return groupMembers(this.db, [(await this.#group(id)).id]);
  }

  /** The acting user with their role, groups and grants. */
  async me(actor: Actor): Promise<UserAccess> {
    const user = await getUser(this.db, actor.userId);
    if (!user) throw notFound('The user of this token no longer exists');
    return (await withAccess(this.db, [user]))[0]!;
  }
}
