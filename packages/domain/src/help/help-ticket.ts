/** The help ticket aggregate: a question or report to the account's office, its updates and files; closing archives it. */
import { type Decider } from '../shared/decider.ts';
import { filledValues, recordDecider, type RecordState } from '../shared/record-decider.ts';
import { type HelpTicketCommand, type HelpTicketFields, helpTicketFields } from './commands.ts';
import type { HelpTicketEvent } from './events.ts';
import { helpCollections } from './collections.ts';
import { NEW_HELP_STATUS, withArchiveOnClose } from './rules.ts';

export type HelpTicketState = RecordState<HelpTicketFields & { submitted_by?: string | null; submitted_by_name?: string | null }>;

export const helpTicketDecider: Decider<HelpTicketState, HelpTicketCommand, HelpTicketEvent> = recordDecider<HelpTicketState, HelpTicketCommand, HelpTicketEvent>({
  aggregate: 'help_ticket',
  label: 'Help ticket',
  collections: helpCollections,
  commands: { create: 'RaiseHelpTicket', revise: 'ReviseHelpTicket', delete: 'DeleteHelpTicket' },
  idField: 'helpTicketId',
  events: { created: 'HelpTicketRaised', revised: 'HelpTicketRevised', deleted: 'HelpTicketDeleted' },
  created: (values, command) => {
    const given = filledValues(values);
    const parsed = helpTicketFields.parse({ archived: false, ticket_status: NEW_HELP_STATUS, submitter_status: NEW_HELP_STATUS, our_status: NEW_HELP_STATUS, ...given });
    const submitter = (command as { submitter?: { id: string; name: string } }).submitter;
    return { ...withArchiveOnClose({}, parsed), submitted_by: submitter?.id ?? null, submitted_by_name: submitter?.name ?? null };
  },
  revised: (values, state) => withArchiveOnClose(state.fields, values),
});
