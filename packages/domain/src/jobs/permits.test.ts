import { describe, expect, it } from 'vitest';
import { expiryAfterPermitChange } from './permits.ts';

const none = { date: null, counts: false };
const at = (date: string | null) => ({ date, counts: true });

describe('the permit expiration date of a job or task after a permit changes', () => {
  describe('saving a permit (spec 2 section 4: the earliest expiry wins)', () => {
    it('given no date yet, when a permit is added, then the date is the permit\'s', () => {
      expect(expiryAfterPermitChange(null, none, at('2026-12-10'), [])).toBe('2026-12-10');
    });

    it('given an earlier date, when a later permit is added, then the date stays', () => {
      expect(expiryAfterPermitChange('2026-12-01', none, at('2026-12-10'), ['2026-12-01'])).toBe('2026-12-01');
    });

    it('given a later date, when an earlier permit is added, then the date becomes the permit\'s', () => {
      expect(expiryAfterPermitChange('2026-12-10', none, at('2026-12-01'), ['2026-12-10'])).toBe('2026-12-01');
    });

    it('given a permit with no date, when it is added, then the date stays', () => {
      expect(expiryAfterPermitChange('2026-12-10', none, at(null), [])).toBe('2026-12-10');
      expect(expiryAfterPermitChange(null, none, at(null), [])).toBeNull();
    });
  });

  describe('deleting a permit', () => {
    it('given the date came from the deleted permit, then it recedes to the earliest of the remaining permits', () => {
      expect(expiryAfterPermitChange('2026-12-01', at('2026-12-01'), none, ['2026-12-20', null, '2026-12-15'])).toBe('2026-12-15');
    });

    it('given no remaining permit has a date, then the date is blank', () => {
      expect(expiryAfterPermitChange('2026-12-01', at('2026-12-01'), none, [])).toBeNull();
      expect(expiryAfterPermitChange('2026-12-01', at('2026-12-01'), none, [null, undefined])).toBeNull();
    });

    it('given another permit has the same date, then the date stays', () => {
      expect(expiryAfterPermitChange('2026-12-01', at('2026-12-01'), none, ['2026-12-01', '2026-12-09'])).toBe('2026-12-01');
    });

    it('given a date typed by hand that no permit gave, then it is kept', () => {
      expect(expiryAfterPermitChange('2026-11-15', at('2026-12-01'), none, ['2026-12-20'])).toBe('2026-11-15');
    });

    it('given the deleted permit was later than the date, then the date stays', () => {
      expect(expiryAfterPermitChange('2026-12-01', at('2026-12-20'), none, ['2026-12-01'])).toBe('2026-12-01');
    });
  });

  describe('moving a permit\'s date', () => {
    it('given the date came from the permit, when it moves later, then the date becomes the earliest of the permits, the moved one included', () => {
      expect(expiryAfterPermitChange('2026-12-01', at('2026-12-01'), at('2026-12-30'), ['2026-12-20'])).toBe('2026-12-20');
      expect(expiryAfterPermitChange('2026-12-01', at('2026-12-01'), at('2026-12-30'), [])).toBe('2026-12-30');
    });

    it('given the date came from another permit, when this one moves later, then the date stays', () => {
      expect(expiryAfterPermitChange('2026-12-01', at('2026-12-10'), at('2026-12-30'), ['2026-12-01'])).toBe('2026-12-01');
    });

    it('when a permit moves earlier, then the date follows it', () => {
      expect(expiryAfterPermitChange('2026-12-10', at('2026-12-10'), at('2026-12-05'), ['2026-12-20'])).toBe('2026-12-05');
      expect(expiryAfterPermitChange('2026-12-01', at('2026-12-10'), at('2026-12-05'), ['2026-12-01'])).toBe('2026-12-01');
    });

    it('when a permit\'s date is cleared, then the date recedes as on a delete', () => {
      expect(expiryAfterPermitChange('2026-12-01', at('2026-12-01'), at(null), ['2026-12-20'])).toBe('2026-12-20');
    });

    it('when a permit moves to another task, then for the task it left it is as a delete and for its new task as a save', () => {
      expect(expiryAfterPermitChange('2026-12-01', at('2026-12-01'), none, ['2026-12-12'])).toBe('2026-12-12');
      expect(expiryAfterPermitChange('2026-12-12', none, at('2026-12-01'), ['2026-12-12'])).toBe('2026-12-01');
    });
  });
});
