import { actingAs } from '../../access/principal';
import { SAMPLE_PASSWORD } from '../../seed/people';
import { refusalTable, sampleUserIds } from './table';

// Ada is the only Admin; Ben (Privileged) holds the Workflow API grant and so manages his own
// access tokens; Chloe and Eve (Editors) and Dev (Participant) hold no grant. Nobody but Ada
// holds the Read activity log grant.
interface Fixtures {
  /** An access token of Eve's, which Ben may not see. */
  evesToken: string;
  /** The value of an access token of Dev's, who holds no Workflow API grant. */
  devsTokenValue: string;
  /** A generation session of Ada's. */
  adasSession: string;
  /** A console session of Ada's, in force. */
  adasConsoleSession: string;
}

const noSignal = () => new AbortController().signal;
const adminNeeded = (what: string) =>
  ({ status: 403, message: new RegExp(`You need the Admin role to ${what}`) }) as const;
const directory = 'every user names the users and groups a dataset is shared with';

export default refusalTable<Fixtures>({
  async setup(platform) {
    const ada = actingAs(sampleUserIds.ada);
    const { row } = await platform.services.security.mintToken(ada, {
      name: 'eve refusal table',
      ownerId: sampleUserIds.eve,
      kind: 'access',
    });
    const { answer } = await platform.services.generation.generate(
      ada,
      { input: 'a prompt of Ada' },
      noSignal(),
    );
    const devs = await platform.services.security.mintToken(ada, {
      name: 'dev refusal table',
      ownerId: sampleUserIds.dev,
      kind: 'access',
    });
    const consoleSession = await platform.services.consoleSessions.create(ada, () =>
      Promise.resolve({ emailAddress: 'ada@example.com', method: 'oidc' }),
    );
    return {
      evesToken: row.id,
      devsTokenValue: devs.value,
      adasSession: answer.sessionId,
      adasConsoleSession: consoleSession.id,
    };
  },
  rows: [
    {
      op: 'authentication.authenticate',
      as: 'dev',
      call: (s, _a, f) =>
        s.authentication.authenticate({
          bearer: f.devsTokenValue,
          workflowApi: true,
          sessionAccepted: false,
        }),
      refused: { status: 403, message: /lacks the Workflow API grant/ },
    },
    {
      op: 'authentication.signIn',
      as: 'dev',
      call: (s) => s.authentication.signIn('dev@example.com', SAMPLE_PASSWORD),
      refused: { open: 'signing in is how a user proves who they are' },
    },
    {
      op: 'people.users',
      as: 'dev',
      call: (s, a) => s.people.users(a, {}),
      refused: { open: directory },
    },
    {
      op: 'people.user',
      as: 'dev',
      call: (s, a) => s.people.user(a, '1'),
      refused: { open: directory },
    },
    {
      op: 'people.groups',
      as: 'dev',
      call: (s, a) => s.people.groups(a, {}),
      refused: { open: directory },
    },
    {
      op: 'people.group',
      as: 'dev',
      call: (s, a) => s.people.group(a, '102'),
      refused: { open: directory },
    },
    {
      op: 'people.groupMembers',
      as: 'dev',
      call: (s, a) => s.people.groupMembers(a, '102'),
      refused: { open: directory },
    },
    {
      op: 'people.me',
      as: 'dev',
      call: (s, a) => s.people.me(a),
      refused: { open: 'every user reads their own role, groups and grants' },
    },
    {
      op: 'security.users',
      as: 'ben',
      call: (s, a) => s.security.users(a),
      refused: adminNeeded('manage users and tokens'),
    },
    {
      op: 'security.roles',
      as: 'dev',
      call: (s, a) => s.security.roles(a),
      refused: { open: 'every user reads the roles and what each grants' },
    },
    {
      op: 'security.setUserRole',
      as: 'chloe',
      call: (s, a) =>
        s.security.setUserRole(a, String(sampleUserIds.chloe), () =>
          Promise.resolve({ role: 'Admin' }),
        ),
      refused: adminNeeded("change a user's role"),
    },
    {
      op: 'security.setUserDisabled',
      as: 'chloe',
      call: (s, a) =>
        s.security.setUserDisabled(a, String(sampleUserIds.eve), () =>
          Promise.resolve({ disabled: true }),
        ),
      refused: adminNeeded('disable or enable a user'),
    },
    {
      op: 'security.setPassword',
      as: 'chloe',
      call: (s, a) =>
        s.security.setPassword(a, String(sampleUserIds.eve), () =>
          Promise.resolve({ password: 'a password of twenty characters' }),
        ),
      refused: adminNeeded("set another user's password"),
    },
    {
      op: 'consoleSessions.create',
      as: 'ben',
      call: (s, a) =>
        s.consoleSessions.create(a, () =>
          Promise.resolve({ emailAddress: 'ben@example.com', method: 'oidc' }),
        ),
      refused: adminNeeded('sign people in to the console'),
    },
    {
      op: 'consoleSessions.list',
      as: 'ben',
      call: (s, a) => s.consoleSessions.list(a, { userId: sampleUserIds.ada }),
      refused: adminNeeded('list the console sessions of another user'),
    },
    {
      op: 'consoleSessions.list',
      as: 'ben',
      call: (s, a) => s.consoleSessions.list(a, {}),
      refused: {
        why: 'a person lists only their own console sessions',
        leavesOut: (answer, f) =>
          !(answer as Array<{ session_id: string }>).some(
            (x) => x.session_id === f.adasConsoleSession,
          ),
      },
    },
    {
      op: 'consoleSessions.end',
      as: 'ben',
      call: (s, a, f) => s.consoleSessions.end(a, f.adasConsoleSession),
      refused: { status: 404, message: /^No console session .* in force$/ },
    },
    {
      op: 'security.setRoleGrants',
      as: 'ben',
      call: (s, a) =>
        s.security.setRoleGrants(a, 'Editor', () => Promise.resolve({ grants: ['Workflow API'] })),
      refused: adminNeeded("change a role's grants"),
    },
    {
      op: 'security.tokens',
      as: 'chloe',
      call: (s, a) => s.security.tokens(a, {}),
      refused: {
        status: 403,
        message: /You need the Workflow API grant \(given through a role\) to manage access tokens/,
      },
    },
    {
      op: 'security.mintToken',
      as: 'ben',
      call: (s, a) =>
        s.security.mintToken(a, { name: 'for eve', ownerId: sampleUserIds.eve, kind: 'access' }),
      refused: adminNeeded('create a token for another user'),
    },
    {
      op: 'security.revokeToken',
      as: 'ben',
      call: (s, a, f) => s.security.revokeToken(a, f.evesToken),
      refused: { status: 404, message: /No token/ },
    },
    {
      op: 'audit.list',
      as: 'ben',
      call: (s, a) => s.audit.list(a, { limit: 10 }),
      refused: {
        status: 403,
        message:
          /You need the Admin role or the Read activity log grant .* to read the activity log/,
      },
    },
    {
      op: 'audit.exportPages',
      as: 'eve',
      call: (s, a) => s.audit.exportPages(a, {}),
      refused: { status: 403, message: /to read the activity log/ },
    },
    {
      op: 'generation.models',
      as: 'dev',
      call: (s, a) => s.generation.models(a),
      refused: { open: 'every user may generate text, with any configured model' },
    },
    {
      op: 'generation.generate',
      as: 'dev',
      call: (s, a) => s.generation.generate(a, { input: 'a prompt of Dev' }, noSignal()),
      refused: { open: 'every user may generate text (a generation reads no platform data)' },
    },
    {
      op: 'generation.complete',
      as: 'dev',
      call: (s, a) => s.generation.complete(a, { input: 'an experiment call of Dev' }, noSignal()),
      refused: { open: 'every user may generate text (a generation reads no platform data)' },
    },
    {
      op: 'generation.stream',
      as: 'dev',
      call: (s, a) =>
        s.generation.stream(a, { input: 'streamed' }, noSignal(), {
          started: () => undefined,
          delta: () => undefined,
        }),
      refused: { open: 'every user may generate text (a generation reads no platform data)' },
    },
    {
      op: 'generation.textToSql',
      as: 'dev',
      call: (s, a) => s.generation.textToSql(a, { input: 'count the rows' }, noSignal()),
      refused: { open: 'every user may ask for SQL: the schemas come with the request' },
    },
    {
      op: 'generation.summarize',
      as: 'dev',
      call: (s, a) => s.generation.summarize(a, { input: 'a text of Dev' }, noSignal()),
      refused: { open: 'every user may summarize (a summary reads no platform data)' },
    },
    {
      op: 'generation.textToBeastMode',
      as: 'dev',
      call: (s, a) => s.generation.textToBeastMode(a, { input: 'sum the sales' }, noSignal()),
      refused: { open: 'every user may ask for a calculation: the schema comes with the request' },
    },
    {
      op: 'generation.sessions',
      as: 'dev',
      call: (s, a) => s.generation.sessions(a, {}),
      refused: {
        why: 'a user lists only the sessions they ran',
        leavesOut: (answer, f) =>
          !(answer as Array<{ sessionId: string }>).some((x) => x.sessionId === f.adasSession),
      },
    },
    {
      op: 'generation.session',
      as: 'dev',
      call: (s, a, f) => s.generation.session(a, f.adasSession),
      refused: { status: 404, message: /No generation session/ },
    },
    {
      op: 'generation.countTokens',
      as: 'dev',
      call: (s, a) => s.generation.countTokens(a, 'how many tokens is this?'),
      refused: { open: 'counting tokens reads nothing but the text given' },
    },
  ],
});
