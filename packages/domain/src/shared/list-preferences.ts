/** What every list's kept preferences share (spec 1 section 3): its date range and its toggles. */
import { date, flag } from './fields.ts';

export const listRangeAndToggles = {
  start_date: date(),
  end_date: date(),
  active: flag(),
  archived: flag(),
  live_and_future: flag(),
  public_mode: flag(),
};
