/**
 * Every aggregate by name: its decider and how its records are shown. Code that handles any record
 * (generic routes, history, as-of, list projections) looks them up here, so a new area is one entry.
 */
import type { Decider, DomainEvent } from './shared/decider.ts';
import { bidDecider, type BidState } from './bids/bid.ts';
import { bidView, withBidDays } from './bids/view.ts';
import { jobDecider, type JobState } from './jobs/job.ts';
import { jobView } from './jobs/view.ts';

export interface AggregateDef<S extends { id: string | null; deleted: boolean } = any> {
  name: string;
  /** What users call one record, for messages ('Bid not found'). */
  label: string;
  decider: Decider<S, any, DomainEvent>;
  /** The record as clients see it. */
  view(state: S, today: string): Record<string, unknown> & { id: string };
  /** A stored list row refreshed for today (days-away and colours move with the date). */
  listRow(view: Record<string, unknown>, today: string): Record<string, unknown>;
  /** Name of its list read model and live-update room. */
  list: string;
}

export const aggregates = {
  bid: { name: 'bid', label: 'Bid', decider: bidDecider, view: bidView, listRow: withBidDays, list: 'bids' } satisfies AggregateDef<BidState>,
  job: { name: 'job', label: 'Job', decider: jobDecider, view: (s: JobState, _today: string) => jobView(s), listRow: (v: Record<string, unknown>, _today: string) => v, list: 'jobs' } satisfies AggregateDef<JobState>,
} as const;

export type AggregateName = keyof typeof aggregates;
export const aggregateDef = (name: string): AggregateDef => {
  const def = (aggregates as Record<string, AggregateDef>)[name];
  if (!def) throw new Error(`unknown aggregate ${name}`);
  return def;
};
