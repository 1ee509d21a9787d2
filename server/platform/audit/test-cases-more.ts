import { expect } from 'vitest';
import { v1 } from '../workflows/test-support';
import { SECRETS, type Case, type CaseContext } from './test-support';

/** Issue 27, continued: calculated fields, files, tokens, workflows and text generation. */
export function moreAuditCases({ platform, call, state }: CaseContext): Case[] {
  const workflowCall = async (path: string, json?: unknown, method?: string) => {
    const res = await v1(platform())(path, { json, method });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    return (await res.json()) as Record<string, unknown>;
  };

  /** A data file's bytes as CSV (an upload or a new revision), expected to succeed. */
  const sendCsv = async (method: string, path: string, body: string) => {
    const res = await platform().api(path, {
      method,
      body,
      headers: {
        'X-SERVICE-Developer-Token': platform().tokens.developer,
        'content-type': 'text/csv',
      },
    });
    expect(res.status).toBe(200);
    return res;
  };

  return [
    ...(['field.unlocked', 'field.edited', 'field.locked'] as const).map((action): Case => ({
      action,
      objectType: 'calculated-field',
      act: async () => {
        const json =
          action === 'field.edited'
            ? { expression: 'SUM(`units`)' }
            : { locked: action === 'field.locked' };
        const field = await call('/api/query/v1/functions/template/1', { method: 'PUT', json });
        return String(field!.id);
      },
    })),
    {
      action: 'data-file.uploaded',
      objectType: 'data-file',
      act: async () => {
        const res = await sendCsv('POST', '/api/data/v1/data-files?name=audit.csv', 'a,b\n1,2\n');
        state.dataFile = String(((await res.json()) as { dataFileId: number }).dataFileId);
        return state.dataFile;
      },
    },
    {
      action: 'data-file.revised',
      objectType: 'data-file',
      act: async () => {
        await sendCsv('PUT', `/api/data/v1/data-files/${state.dataFile}`, 'a,b\n3,4\n');
        return state.dataFile!;
      },
    },
    {
      action: 'fileset.file-uploaded',
      objectType: 'fileset',
      act: async () => {
        const list = (await call('/api/files/v1/filesets/search', {
          method: 'POST',
          json: {},
        })) as unknown as { fileSets: Array<{ id: string }> };
        const filesetId = list.fileSets[0]!.id;
        const form = new FormData();
        form.append('file', new Blob(['# audit'], { type: 'text/markdown' }), 'audit.md');
        await call(`/api/files/v1/filesets/${filesetId}/files`, { method: 'POST', body: form });
        return filesetId;
      },
    },
    {
      action: 'token.minted',
      objectType: 'token',
      act: async () => {
        const made = await call('/api/data/v1/accesstokens', {
          method: 'POST',
          json: { name: 'audit token', ownerId: 2 },
        });
        state.token = String(made!.id);
        state.tokenValue = String(made!.token);
        return state.token;
      },
    },
    {
      action: 'token.revoked',
      objectType: 'token',
      act: async () => {
        await call(`/api/data/v1/accesstokens/${state.token}`, { method: 'DELETE' });
        return state.token!;
      },
    },
    {
      action: 'data-file.revision-deleted',
      objectType: 'data-file',
      act: async () => {
        const details = await call(
          `/api/data/v1/data-files/${state.dataFile}/details?expand=revisions`,
        );
        const [newest] = details!.revisions as Array<{ dataFileRevisionId: number }>;
        await call(
          `/api/data/v1/data-files/${state.dataFile}/revisions/${newest!.dataFileRevisionId}`,
          {
            method: 'DELETE',
          },
        );
        return state.dataFile!;
      },
      check: (event) => expect(Object.keys(event.changes)).toEqual(['revision']),
    },
    {
      action: 'user.role-changed',
      objectType: 'user',
      act: async () => {
        // Dev, a Participant, becomes an Editor (Participant then has no user: see below).
        await call('/api/access/v1/users/4/role', { method: 'PUT', json: { role: 'Editor' } });
        return '4';
      },
      check: (event) =>
        expect(event.changes.role).toEqual({ before: 'Participant', after: 'Editor' }),
    },
    {
      action: 'role.grants-changed',
      objectType: 'role',
      act: async () => {
        await call('/api/access/v1/roles/Participant/grants', {
          method: 'PUT',
          json: { grants: ['Workflow API'] },
        });
        return 'Participant';
      },
      check: (event) =>
        expect(event.changes.grants).toEqual({ before: [], after: ['Workflow API'] }),
    },
    {
      action: 'workflow.created',
      objectType: 'workflow',
      act: async () => {
        const made = await workflowCall('/v1/workflows', {
          name: 'audited workflow',
          definition: {
            steps: [
              {
                id: 'call',
                type: 'http',
                name: 'Call',
                method: 'GET',
                url: 'https://example.com/hook',
                headers: { 'x-api-key': SECRETS.apiKey, authorization: `Bearer ${SECRETS.bearer}` },
              },
            ],
          },
        });
        state.workflow = String(made.id);
        return state.workflow;
      },
    },
    {
      action: 'workflow.changed',
      objectType: 'workflow',
      act: async () => {
        await workflowCall(
          `/v1/workflows/${state.workflow}`,
          {
            definition: { steps: [{ id: 'w', type: 'wait', name: 'Wait', seconds: 60 }] },
          },
          'PUT',
        );
        return state.workflow!;
      },
    },
    {
      action: 'workflow.run',
      objectType: 'workflow',
      act: async () => {
        const run = await workflowCall(`/v1/workflows/${state.workflow}/runs`, {});
        state.run = String(run.id);
        return state.workflow!;
      },
    },
    {
      action: 'workflow.canceled',
      objectType: 'workflow',
      act: async () => {
        await workflowCall(`/v1/workflows/runs/${state.run}/cancel`, undefined, 'POST');
        return state.workflow!;
      },
    },
    {
      action: 'generation.run',
      objectType: 'generation',
      act: async () => {
        const answer = await call('/api/ai/v1/text/generation', {
          method: 'POST',
          json: { input: SECRETS.prompt },
        });
        return String(answer!.sessionId);
      },
      check: (e) => expect(Object.keys(e.changes)).toContain('totalTokens'),
    },
  ];
}
