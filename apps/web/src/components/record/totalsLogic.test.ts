import { describe, expect, it } from 'vitest';
import { seenColumns } from '../table/RecordTable';
import { figureCell, moneyCell, shownCells } from './totalsLogic';

describe('a totals strip and its money', () => {
  const job = { total_job: 12500, total_gross_profit: -40, total_change_orders: null, segment_percent_complete: 50 };
  const cells = [moneyCell(job, 'total_job', 'Total job'), moneyCell(job, 'total_gross_profit', 'Gross profit', true), moneyCell(job, 'total_change_orders', 'Change orders'), { key: 'segment_percent_complete', label: 'Segments complete', value: '50%' }];

  it('given an office answer, when shown, then every figure shows, none as $0.00, a loss in red', () => {
    expect(shownCells(cells, true).map((c) => [c.key, c.value, c.tone])).toEqual([
      ['total_job', '$12,500.00', undefined],
      ['total_gross_profit', '-$40.00', 'red'],
      ['total_change_orders', '$0.00', undefined],
      ['segment_percent_complete', '50%', undefined],
    ]);
  });

  it('given a field user (sees no money), when shown, then only the figures that are not money remain', () => {
    expect(shownCells(cells, false).map((c) => c.key)).toEqual(['segment_percent_complete']);
  });

  it('given an answer that lacks a money figure (withheld), when shown to anyone, then it is left out, not $0.00', () => {
    const withheld = { segment_percent_complete: 50 };
    const shown = shownCells([moneyCell(withheld, 'total_job', 'Total job'), figureCell(withheld, 'payout_pct_of_total', 'Payout %', String)], true);
    expect(shown).toEqual([]);
  });
});

describe('a table\'s money columns', () => {
  const columns = [{ key: 'title' }, { key: 'total_job', money: true }];

  it('given a role that sees money, then all; given one that does not, then none of the money columns', () => {
    expect(seenColumns(columns, true).map((c) => c.key)).toEqual(['title', 'total_job']);
    expect(seenColumns(columns, false).map((c) => c.key)).toEqual(['title']);
  });
});
