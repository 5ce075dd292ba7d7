import { describe, expect, it } from 'vitest';
import { crews, customers, products, svaCodes } from '@trenchline/domain';
import type { AccountSettings, SvaRateSheetDetail } from './api/types';
import { accountFieldsAsOf, catalogFieldsAsOf, catalogLinesAsOf, codesOf, segmentOf, sheetFieldsAsOf, sheetLinesAsOf } from './asItStood';

const noFile = { id: null, url: null, file: null, file_name: null, content_type: null, size: null };
const code = { id: '3', code: 'SVA-100', description: 'Bore', uom: 'FT', rate: 12.5, provisions: null };

describe('a settings record as it stood', () => {
  it('given a customer as it stood, when its fields are shown, then every declared field by its label, nothing as a dash', () => {
    const fields = catalogFieldsAsOf(customers, { id: '1', name: 'Osage Fiber Partners', city: 'Tulsa', email: null, active: true });
    expect(fields.find((f) => f.name === 'name')).toEqual({ name: 'name', label: 'Customer name', value: 'Osage Fiber Partners' });
    expect(fields.find((f) => f.name === 'city')?.value).toBe('Tulsa');
    expect(fields.find((f) => f.name === 'email')?.value).toBe('—');
    expect(fields.find((f) => f.name === 'active')?.value).toBe('Yes');
    expect(fields.map((f) => f.name)).toEqual(customers.fields.map((f) => f.name));
  });

  it('given a product as it stood, when its lines are shown, then its raw materials from their route segment', () => {
    const lines = catalogLinesAsOf(products, { id: '5', name: 'Handhole kit', raw_materials: [{ id: '9', item_name: 'Conduit 2in', code: 'C2', qty: 1 }] });
    expect(lines).toHaveLength(1);
    expect(lines[0].title).toBe('Raw materials');
    expect(lines[0].rows.map((r) => r.item_name)).toEqual(['Conduit 2in']);
    expect(catalogLinesAsOf(crews, { id: '1', name: 'North Bore Crew' })).toEqual([]);
  });

  it('given the account as it stood, when shown, then its files, quantities, monthly total and cancellation', () => {
    const account: AccountSettings = {
      id: '4',
      background_picture: { ...noFile, file_name: 'yard-at-dusk.png' },
      training_video: noFile,
      items: [{ id: '1', code: 'office', name: 'Office user', description: '', price: 49, unit: 'user', quantity: 3, subscribed: true }],
      monthly_total: 147,
      cancelled_at: null,
    };
    const byName = Object.fromEntries(accountFieldsAsOf(account).map((f) => [f.name, f]));
    expect(byName.background_picture.value).toBe('yard-at-dusk.png');
    expect(byName.training_video.value).toBe('—');
    expect(byName.subscription_office).toMatchObject({ label: 'Office user', value: '3' });
    expect(byName.monthly_total.value).toBe('$147.00');
    expect(byName.cancelled_at.value).toBe('No');
  });

  it('given the SVA rate sheet answer, when its codes are read, then under `codes` or under their route segment', () => {
    const base = { id: '2', code_count: 1, last_import: null };
    expect(segmentOf(svaCodes)).toBe('sva_codes');
    expect(codesOf({ ...base, sva_codes: [code] } as SvaRateSheetDetail)).toEqual([code]);
    expect(codesOf({ ...base, codes: [code] } as SvaRateSheetDetail)).toEqual([code]);
    expect(codesOf(base)).toEqual([]);
    expect(sheetLinesAsOf({ ...base, sva_codes: [code] })[0]).toMatchObject({ title: 'SVA codes', rows: [code] });
  });

  it('given a sheet never imported and one imported, when its fields are shown, then the count and the last import in words', () => {
    expect(sheetFieldsAsOf({ id: '2', code_count: 0, last_import: null })).toEqual([
      { name: 'code_count', label: 'SVA codes', value: '0' },
      { name: 'last_import', label: 'Last import', value: '—' },
    ]);
    const imported = sheetFieldsAsOf({ id: '2', code_count: 3, last_import: { at: '2026-11-22T14:05:00Z', by: 'Dana Office', file_name: 'sva.csv', added: 3, updated: 0, unchanged: 0 } });
    expect(imported[0].value).toBe('3');
    expect(imported[1].value).toMatch(/^sva\.csv by Dana Office on \d\d\/\d\d\/2026 \d\d:\d\d \(3 added, 0 updated, 0 unchanged\)$/);
  });
});
