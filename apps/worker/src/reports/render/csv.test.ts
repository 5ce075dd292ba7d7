/** CSV rendering of any report table: the header of labels, values in their columns' kinds, quoting, and formulas kept as text. */
import { describe, expect, it } from 'vitest';
import { col } from '@trenchline/domain';
import { renderCsv } from './csv.ts';

const text = async (...a: Parameters<typeof renderCsv>) => (await renderCsv(...a)).toString('utf8');

describe('renderCsv', () => {
  it('given a table with every kind, then one line per row under the labels, a BOM first, dates and numbers plain, the totals last', async () => {
    const out = await text({
      title: 'T',
      columns: [col.text('name', 'Name'), col.date('due', 'Due'), col.money('total', 'Total'), col.percent('pct', 'Pct')],
      rows: [{ name: 'Bore', due: '2026-11-22', total: '1,250.50', pct: 12.5 }, { name: null, due: null, total: null, pct: null }],
      totals: { name: 'Totals (2)', total: 1250.5 },
    });
    expect(out).toBe('\uFEFFName,Due,Total,Pct\r\nBore,2026-11-22,1250.5,12.5\r\n,,,\r\nTotals (2),,1250.5,\r\n');
  });

  it('given commas, quotes, line breaks and formula-like text, then fields are quoted and formulas start with a quote mark', async () => {
    const out = await text({ title: 'T', columns: [col.text('a', 'A'), col.text('b', 'B')], rows: [{ a: 'Bore, "3"', b: '=HYPERLINK("x")' }, { a: 'two\nlines', b: '-12' }] });
    expect(out).toBe('\uFEFFA,B\r\n"Bore, ""3""","\'=HYPERLINK(""x"")"\r\n"two\nlines",-12\r\n');
  });
});
