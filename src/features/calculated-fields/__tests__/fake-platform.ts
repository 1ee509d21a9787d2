import { http, HttpResponse } from 'msw';
import type { CalculatedField, Dataset } from '../../../api/contract';
import { server } from '../../../test/server';

export const aField = (overrides: Partial<CalculatedField> = {}): CalculatedField => ({
  id: 1,
  name: 'Total revenue',
  owner: 1,
  locked: false,
  global: true,
  expression: 'SUM(`revenue`)',
  checkSum: 'abc',
  links: [
    {
      resource: { type: 'DATA_SOURCE', id: 'ds-sales' },
      visible: true,
      active: true,
      valid: 'VALID',
    },
    { resource: { type: 'CARD', id: '1001' }, visible: true, active: true, valid: 'VALID' },
  ],
  legacyId: 'calculation_1',
  lastModified: Date.UTC(2026, 10, 1),
  created: Date.UTC(2026, 0, 1),
  aggregated: true,
  analytic: false,
  dataType: 'DECIMAL',
  status: 'VALID',
  cacheWindow: 'non_dynamic',
  columnPositions: [{ columnName: 'revenue', columnPosition: 4 }],
  functions: ['SUM'],
  archived: false,
  hidden: false,
  variable: false,
  ...overrides,
});

const sales: Dataset = {
  id: 'ds-sales',
  name: 'Sales by region',
  description: '',
  owner: 1,
  rowCount: 10,
  columnCount: 2,
  created: '2026-09-01T08:00:00.000Z',
  lastUpdated: '2026-11-20T08:00:00.000Z',
};

interface SearchBody {
  name?: string;
  filters?: { field: string; value: unknown }[];
  limit: number;
  offset: number;
}

/**
 * Calculated fields with the platform's rules: search by name and filters, statistics, lock
 * (refused with 403 for ids in `refuseLock`), and edit (409 while locked, 400 for an empty text).
 */
export function givenFields(initial: CalculatedField[], { refuseLock = [] as number[] } = {}) {
  const fields = new Map(initial.map((f) => [f.id, { ...f }]));
  const lockCalls: number[] = [];
  const searches: SearchBody[] = [];
  const sorted = () => [...fields.values()].sort((a, b) => a.name.localeCompare(b.name));
  server.use(
    http.get('/api/data/v3/datasources', () => HttpResponse.json([sales])),
    http.post('/api/query/v1/functions/search', async ({ request }) => {
      const body = (await request.json()) as SearchBody;
      searches.push(body);
      const matches = sorted().filter(
        (f) =>
          (!body.name || f.name.toLowerCase().includes(body.name.toLowerCase())) &&
          (body.filters ?? []).every(({ field, value }) =>
            field === 'dataset'
              ? f.links.some((l) => l.resource.id === value)
              : f[field as keyof CalculatedField] === value,
          ),
      );
      const results = matches.slice(body.offset, body.offset + body.limit);
      return HttpResponse.json({
        totalHits: matches.length,
        results,
        hasMore: body.offset + results.length < matches.length,
      });
    }),
    // Card titles (gaps.md): the platform names card 1001; any other stays unnamed.
    http.get('/api/content/v1/cards', ({ request }) => {
      const urns = new URL(request.url).searchParams.get('urns')?.split(',') ?? [];
      return HttpResponse.json(
        urns.includes('1001')
          ? [{ urn: '1001', title: 'Revenue by region', datasetId: sales.id }]
          : [],
      );
    }),
    http.get('/api/query/v1/functions/statistics', () => {
      const all = [...fields.values()];
      return HttpResponse.json({
        total: all.length,
        locked: all.filter((f) => f.locked).length,
        invalid: all.filter((f) => f.status === 'INVALID').length,
        archived: 0,
      });
    }),
    http.get('/api/query/v1/functions/template/:id', ({ params }) => {
      const field = fields.get(Number(params.id));
      return field
        ? HttpResponse.json(field)
        : HttpResponse.json({ message: 'No calculated field' }, { status: 404 });
    }),
    http.put('/api/query/v1/functions/template/:id', async ({ params, request }) => {
      const id = Number(params.id);
      const field = fields.get(id);
      if (!field) return HttpResponse.json({ message: 'No calculated field' }, { status: 404 });
      const body = (await request.json()) as { locked?: boolean; expression?: string };
      if (body.locked !== undefined) {
        lockCalls.push(id);
        if (refuseLock.includes(id))
          return HttpResponse.json(
            { message: 'You may not modify this calculated field' },
            { status: 403 },
          );
        field.locked = body.locked;
        return HttpResponse.json(field);
      }
      if (field.locked)
        return HttpResponse.json(
          {
            message: `Calculated field "${field.name}" is locked: unlock it before editing its expression`,
          },
          { status: 409 },
        );
      if (!body.expression?.includes('`'))
        return HttpResponse.json({ message: 'expression: names no column' }, { status: 400 });
      field.expression = body.expression;
      return HttpResponse.json(field);
    }),
  );
  return { fields, lockCalls, searches };
}
