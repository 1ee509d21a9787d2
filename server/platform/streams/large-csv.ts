import { seededRandom } from '../seed/datastores';

const regions = ['North', 'South', 'East', 'West', 'Central'];

/** A CSV of `rows` data rows (five columns, ~45 bytes a row), the same on every machine. */
export function generateCsv(rows: number): string {
  const rnd = seededRandom(2026);
  const lines = ['id,day,region,amount,note'];
  for (let i = 1; i <= rows; i++) {
    const day = new Date(Date.UTC(2026, 0, 1) + (i % 365) * 86_400_000).toISOString().slice(0, 10);
    lines.push(
      `${i},${day},${regions[i % 5]},${(rnd() * 1000).toFixed(2)},"order ${i}, batch ${i % 97}"`,
    );
  }
  return lines.join('\n') + '\n';
}
