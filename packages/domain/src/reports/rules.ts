/** Rules of a report record: its progress labels, its states and how often a worker tries it. */
/** The progress labels the requester sees while the worker builds a file (spec 1 section 9). */
export const PROGRESS_LABELS = ['Calculating...', 'Fetching...', 'Sending...'] as const;
export type ProgressLabel = (typeof PROGRESS_LABELS)[number];

export type ReportStateName = 'queued' | 'working' | 'ready' | 'failed';

/** A report that failed this many attempts is given up (the queue's own attempts, see apps/worker). */
export const REPORT_ATTEMPTS = 5;
