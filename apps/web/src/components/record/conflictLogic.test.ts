import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/http';
import { changedBy, conflictOf, goneMessage, keepMine, resolveForm, resolvePatch, type Conflict } from './conflictLogic';
import { defineFormLogic, sameValueOrAmount } from './formLogic';

const logic = defineFormLogic(['city', 'county', 'state', 'po_amount', 'archived'], sameValueOrAmount);

const at = '2026-11-24T14:05:00.000Z';
const frank = { by: 'Frank Field', by_id: '7', at, version: 5 };

/** Robin opened the project at version 3; Frank then saved city and state (version 5). */
const base = logic.valuesOf({ city: 'Tulsa', county: 'Tulsa County', state: 'OK', po_amount: 100, archived: false });
const current = { ...base, city: 'Broken Arrow', state: 'TX', version: 5 };
const conflict: Conflict = {
  message: 'Frank Field changed city since you opened it.',
  fields: [{ field: 'city', yours: 'Sand Springs', theirs: 'Broken Arrow', base: 'Tulsa', ...frank }],
  current,
};
/** Robin's edits: city (Frank changed it too) and county and the PO amount (only Robin). */
const draft = { ...base, city: 'Sand Springs', county: 'Creek County', po_amount: '250.5' };

const apiError = (status: number, body: object) => new ApiError('PUT', '/api/projects/1', status, '', body, JSON.stringify(body));

describe('reading a refused save', () => {
  it('given a 409 naming fields with the current record, when read, then it holds the fields, their values and who changed them', () => {
    const c = conflictOf(apiError(409, { error: 'conflict', message: conflict.message, conflicts: conflict.fields, current }));
    expect(c?.fields).toEqual(conflict.fields);
    expect(c?.current.version).toBe(5);
    expect(c?.message).toBe(conflict.message);
  });

  it('given a 409 without the current record, or another status, when read, then it is no conflict to choose in', () => {
    expect(conflictOf(apiError(409, { error: 'conflict', message: 'Reload and try again.' }))).toBeNull();
    expect(conflictOf(apiError(400, { error: 'invalid', current }))).toBeNull();
    expect(conflictOf(new Error('network'))).toBeNull();
  });

  it('given a 410, when read, then the server words say who deleted the line', () => {
    expect(goneMessage(apiError(410, { error: 'gone', message: 'This item was deleted by Frank Field at 2026-11-24. Nothing was saved.' }))).toContain('Frank Field');
    expect(goneMessage(apiError(409, {}))).toBeNull();
  });

  it('given a conflict, when the panel opens, then every field starts as "keep mine" and the title names who and what', () => {
    expect(keepMine(conflict)).toEqual({ city: 'mine' });
    const two: Conflict = { ...conflict, fields: [...conflict.fields, { field: 'state', yours: 'KS', theirs: 'TX', base: 'OK', ...frank }] };
    expect(changedBy(two, (f) => f.toUpperCase())).toBe('Frank Field changed CITY and STATE');
  });
});

describe('saving again with the choices (a record form)', () => {
  it('given "take theirs", when resolved, then the field is theirs, the user\'s other edits stay and the next save starts from the current version', () => {
    const next = resolveForm(logic, { base, draft }, conflict, { city: 'theirs' });
    expect(next.version).toBe(5);
    expect(next.base).toEqual(logic.valuesOf(current));
    expect(next.draft).toEqual({ ...logic.valuesOf(current), city: 'Broken Arrow', county: 'Creek County', po_amount: '250.5' });
    // What the next save changes against its base: only the user's own edits.
    expect(logic.changedFields(next.base, next.draft).sort()).toEqual(['county', 'po_amount']);
  });

  it('given "keep mine", when resolved, then the field is the user\'s and their other field is still taken in', () => {
    const next = resolveForm(logic, { base, draft }, conflict, { city: 'mine' });
    expect(next.draft.city).toBe('Sand Springs');
    expect(next.draft.state).toBe('TX');
    expect(logic.changedFields(next.base, next.draft).sort()).toEqual(['city', 'county', 'po_amount']);
  });

  it('given no choice recorded for a field, when resolved, then the user keeps theirs', () => {
    expect(resolveForm(logic, { base, draft }, conflict, {}).draft.city).toBe('Sand Springs');
  });
});

describe('saving again with the choices (a line or a row)', () => {
  it('given a patch, when the user takes theirs for one field, then it leaves the patch and the other edits stay', () => {
    const patch = { city: 'Sand Springs', county: 'Creek County' };
    expect(resolvePatch(patch, conflict, { city: 'theirs' })).toEqual({ county: 'Creek County' });
    expect(resolvePatch(patch, conflict, { city: 'mine' })).toEqual(patch);
  });
});
