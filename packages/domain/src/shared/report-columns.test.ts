import { describe, expect, it } from 'vitest';
import { jobCibeItems } from '../jobs/cibe.ts';
import { orcaCibeTableReport } from '../jobs/reports.ts';
import { reportDefs } from '../registry.ts';
import { fieldColumns } from './line-sections.ts';
import { col, dueFill } from './report-columns.ts';

describe('a table report declares its columns', () => {
  it('given a kind helper, then the column is its key, label, kind and width', () => {
    expect(col.money('total_job', 'Total job', 13)).toEqual({ key: 'total_job', label: 'Total job', kind: 'money', width: 13 });
    expect(col.text('id', '#')).toEqual({ key: 'id', label: '#', kind: 'text' });
  });

  it("given a collection's fields, then the columns take its labels and kinds (a flag prints as text) at the report's widths, in the order named", () => {
    expect(fieldColumns(jobCibeItems, { CIBE_item_total: 12, line_zeroed: 7 })).toEqual([
      { key: 'CIBE_item_total', label: 'CIBE total', kind: 'money', width: 12 },
      { key: 'line_zeroed', label: 'Zeroed', kind: 'text', width: 7 },
    ]);
    expect(() => fieldColumns(jobCibeItems, { nothing: 5 })).toThrow(/declares no field nothing/);
    expect(orcaCibeTableReport.columns.map((c) => c.label)).toContain('Issued qty');
  });

  it('given every table report of the catalogue, then each has columns with distinct keys', () => {
    const tables = reportDefs().filter((r) => 'columns' in r);
    expect(tables.length).toBeGreaterThanOrEqual(12);
    for (const r of tables) {
      const keys = (r as { columns: { key: string }[] }).columns.map((c) => c.key);
      expect(new Set(keys).size, r.name).toBe(keys.length);
    }
  });

  it("given a row's days colour, then red and orange fill, else the record's own colour", () => {
    expect(dueFill({ days_colour: 'red' })).toBe('rgba(250, 82, 82, 0.18)');
    expect(dueFill({ days_colour: 'orange' })).toBe('rgba(253, 126, 20, 0.18)');
    expect(dueFill({ days_colour: null, colour_background: '#FFF' })).toBe('#FFF');
    expect(dueFill({})).toBeNull();
  });
});
