/** Status and choice lists shared by several areas (spec 1 section 4). */
export const NOTE_STATUSES = ['Update', 'Note', 'Called', 'Action Taken', 'Open Question', 'Answered', 'Issue', 'Resolved'] as const;
export const DEFAULT_NOTE_STATUS = 'Update';

/** Days-to-due colouring used by every list: red under 4 days, orange under 7. */
export const DUE_RED_UNDER = 4;
export const DUE_ORANGE_UNDER = 7;

/** Divisions are numbered 1 to 5 (spec 3 section 9): the first of a five-division list is 1. */
export const DIVISION_FIRST_NUMBER = 1;
