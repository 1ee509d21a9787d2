import { actingAs, type Actor, type Principal } from '../access/principal';
import type { Principals } from '../people/principals';

interface Waiting {
  resolve: (principal: Principal) => void;
  reject: (error: unknown) => void;
}

/**
 * The principals of the calls that arrive together (a burst of starts and of their live reads),
 * each user loaded once for all of them: a call waits while the loads under way end, then its
 * user is loaded with the others that waited, so each principal is still read after its call
 * arrived. A call alone waits for nothing: its principal is one load, as `Principals.of`.
 */
export class GroupedPrincipals {
  private waiting = new Map<number, Waiting[]>();
  private busy = false;

  constructor(private readonly principals: Principals) {}

  of(actor: Actor): Promise<Principal> {
    return new Promise<Principal>((resolve, reject) => {
      const callers = this.waiting.get(actor.userId) ?? [];
      callers.push({ resolve, reject });
      this.waiting.set(actor.userId, callers);
      this.next();
    });
  }

  private next() {
    if (this.busy || !this.waiting.size) return;
    const group = this.waiting;
    this.waiting = new Map();
    this.busy = true;
    void Promise.all(
      [...group].map(([userId, callers]) =>
        this.principals.of(actingAs(userId)).then(
          (principal) => callers.forEach((c) => c.resolve(principal)),
          (error: unknown) => callers.forEach((c) => c.reject(error)),
        ),
      ),
    ).finally(() => {
      this.busy = false;
      this.next();
    });
  }
}
