import type { AppCall } from '../../../src/api/contract';

const KEPT_PER_APP = 100;
const MAX_APPS = 200;

/** The newest calls of each app, newest first, in this process (an Apps screen's "recent calls"). */
export class RecentCalls {
  private readonly byApp = new Map<string, AppCall[]>();

  record(appId: string, call: AppCall) {
    let calls = this.byApp.get(appId);
    if (!calls) {
      if (this.byApp.size >= MAX_APPS) return;
      calls = [];
      this.byApp.set(appId, calls);
    }
    calls.unshift(call);
    if (calls.length > KEPT_PER_APP) calls.length = KEPT_PER_APP;
  }

  of(appId: string): AppCall[] {
    return [...(this.byApp.get(appId) ?? [])];
  }
}
