import { describe, expect, it } from 'vitest';
import { historyEntryIn } from '../shared/history.ts';
import { settingsArea } from './area.ts';

const m = { at: '2026-11-20T10:00:00Z', userId: '7', userName: 'Pat Office' };
const entry = (type: string, data: unknown) => historyEntryIn(settingsArea.collections, { type, data, position: '1:1', version: 2, meta: m });

describe('settings history entries', () => {
  it('given CurrentNumberSet, when shown, then number goes from the previous value to the new one (the kind is the record, not a change)', () => {
    const h = entry('CurrentNumberSet', { kind: 'invoice', number: 500, previous: 41 });
    expect(h).toMatchObject({ type: 'CurrentNumberSet', user_name: 'Pat Office', at: m.at });
    expect(h.changes).toEqual([{ field: 'number', old: 41, new: 500 }]);
  });

  it('given CurrentNumberSet from 3 to 0, when shown, then old and new are kept as numbers (0 is not blank)', () => {
    expect(entry('CurrentNumberSet', { kind: 'job', number: 0, previous: 3 }).changes).toContainEqual({ field: 'number', old: 3, new: 0 });
  });

  it('given SubscriptionChanged, when shown, then quantity goes from previous to the new quantity and previous is not a field of its own', () => {
    const h = entry('SubscriptionChanged', { item: '1', name: 'Office user', quantity: 0, previous: 3 });
    expect(h.changes).toEqual([
      { field: 'name', old: null, new: 'Office user' },
      { field: 'quantity', old: 3, new: 0 },
    ]);
  });

  it('given DocumentNumberIssued, when shown, then the number handed out from nothing', () => {
    expect(entry('DocumentNumberIssued', { kind: 'job', number: 12 }).changes).toContainEqual({ field: 'number', old: null, new: 12 });
  });

  it('given AccountUserRevised, when shown, then its changes field by field', () => {
    expect(entry('AccountUserRevised', { user_id: '9', changes: { email: { old: 'a@example.com', new: 'b@example.com' } } }).changes).toEqual([
      { field: 'email', old: 'a@example.com', new: 'b@example.com' },
    ]);
  });

  it('given AccountUserDeactivated, when shown, then who was deactivated', () => {
    expect(entry('AccountUserDeactivated', { user_id: '9', display_name: 'Sam Field' }).changes).toEqual([
      { field: 'user_id', old: null, new: '9' },
      { field: 'display_name', old: null, new: 'Sam Field' },
    ]);
  });

  it('given a background picture added, when shown, then it names the account_files collection and line', () => {
    const h = entry('AccountFileAdded', { id: '62', line: { id: '62', account_settings: '60', purpose: 'background_picture', file_name: 'yard.png' } });
    expect(h).toMatchObject({ collection: 'account_files', line_id: '62' });
    expect(h.changes).toEqual([
      { field: 'purpose', old: null, new: 'background_picture' },
      { field: 'file_name', old: null, new: 'yard.png' },
    ]);
  });

  it('given an SVA code revised, when shown, then it names the sva_codes collection with old and new', () => {
    const h = entry('SvaCodeRevised', { id: '71', changes: { rate: { old: 12.5, new: 13 } } });
    expect(h).toMatchObject({ collection: 'sva_codes', line_id: '71', changes: [{ field: 'rate', old: 12.5, new: 13 }] });
  });

  it('given a whole CSV import, when shown, then its file name and unchanged count (the lines are in the event)', () => {
    const h = entry('SvaCodesImported', { file_name: 'rates.csv', added: [{ id: '80', code: 'A' }], revised: [], unchanged: 4 });
    expect(h.changes).toEqual([
      { field: 'file_name', old: null, new: 'rates.csv' },
      { field: 'unchanged', old: null, new: 4 },
    ]);
  });

  it('given a crew added and revised, when shown, then its values from nothing, then old and new', () => {
    expect(entry('CrewAdded', { id: '5', values: { crew_name: 'North', active: true } }).changes).toEqual([
      { field: 'crew_name', old: null, new: 'North' },
      { field: 'active', old: null, new: true },
    ]);
    expect(entry('CrewRevised', { changes: { crew_name: { old: 'North', new: 'North 2' } } }).changes).toEqual([{ field: 'crew_name', old: 'North', new: 'North 2' }]);
  });
});
