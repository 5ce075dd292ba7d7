/** Help ticket commands: the shapes the API validates before it calls `decide`. */
import { z } from 'zod';
import type { LineCommand } from '../shared/collections.ts';
import { choice, date, flag, text } from '../shared/fields.ts';
import { HELP_MOODS, HELP_OUR_STATUSES, HELP_PRIORITIES, HELP_SUBMITTER_STATUSES, HELP_TICKET_STATUSES, HELP_TYPES } from './rules.ts';

/** Every editable field of a help ticket (spec 3 section 3, with a subject and description a ticket needs). */
export const helpTicketFields = z.object({
  subject: text(300),
  description: text(10_000),
  ticket_status: choice(HELP_TICKET_STATUSES),
  submitter_status: choice(HELP_SUBMITTER_STATUSES),
  our_status: choice(HELP_OUR_STATUSES),
  ticket_type: choice(HELP_TYPES),
  priority: choice(HELP_PRIORITIES),
  submitter_mood: choice(HELP_MOODS),
  completion_date: date(),
  archived: flag(),
});
export type HelpTicketFields = z.infer<typeof helpTicketFields>;
export const HELP_TICKET_FIELD_NAMES = Object.keys(helpTicketFields.shape) as (keyof HelpTicketFields)[];

export type HelpTicketCommand =
  /** `submitter`: the user raising it (the server's, never the client's). */
  | { type: 'RaiseHelpTicket'; helpTicketId: string; values: HelpTicketFields; submitter?: { id: string; name: string } }
  | { type: 'ReviseHelpTicket'; values: HelpTicketFields }
  | { type: 'DeleteHelpTicket' }
  | LineCommand;
