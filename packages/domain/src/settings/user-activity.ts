/**
 * What a user did in an app (Settings > user app activities): a log per user, stream
 * `user_activity-<userId>`. Each command records one activity; nothing is ever refused or folded.
 */
import type { AggregateDef } from '../shared/aggregates.ts';
import type { CommandMeta, Decider } from '../shared/decider.ts';
import type { UserAppActivityRecorded } from './events.ts';

export interface RecordUserAppActivity {
  type: 'RecordUserAppActivity';
  /** Handed out by the caller (the domain has no randomness). */
  id: string;
  values: Record<string, unknown>;
}

/** A log has nothing to decide on. */
type UserActivityState = { id: null; deleted: false };

export const userActivityDecider: Decider<UserActivityState, RecordUserAppActivity, UserAppActivityRecorded> = {
  aggregate: 'user_activity',
  initialState: { id: null, deleted: false },
  evolve: (state) => state,
  decide: (c, _state, meta: CommandMeta) => [{ type: 'UserAppActivityRecorded', data: { id: c.id, user_id: meta.userId, user_name: meta.userName, ...c.values } }],
};

/** Appended with the command handler's `appendOnly`: the log is never read to write to it. */
export const userActivityAggregate: AggregateDef = {
  name: 'user_activity',
  label: 'User app activity',
  decider: userActivityDecider as AggregateDef['decider'],
  // Never called: the log is only appended to (appendOnly), never read back as a record.
  view: (s) => s as ReturnType<AggregateDef['view']>,
  listRow: (v) => v,
};
