/**
 * Demo help tickets for `npm start` (apps/api/src/seed.ts runs this after the settings): six tickets
 * raised by the demo's office user and its field user, of every type, priority and mood and every
 * ticket, submitter and our status, with updates from both users in every update status and a small
 * log file on one; two are closed and so archived, one awaits its submitter and three await the office.
 * Written through the same commands as the routes (raised New, then answered, then saved).
 */
import { addDays, type HelpTicketFields } from '@trenchline/domain';
import type { Actor, ApiContext } from '../../platform/context.ts';
import { executeCommand } from '../../platform/records.ts';
import { newLineIds, newRecordId } from '../../platform/ids.ts';

type Who = 'office' | 'field';
interface DemoTicket {
  by: Who;
  raised: Pick<HelpTicketFields, 'subject' | 'description' | 'ticket_type' | 'priority' | 'submitter_mood'>;
  updates: { by: Who; update: string; update_status: string }[];
  /** The statuses it was saved with after its updates (Closed archives it). */
  saved: Pick<HelpTicketFields, 'ticket_status' | 'submitter_status' | 'our_status'> & Partial<Pick<HelpTicketFields, 'completion_date'>>;
  file?: { file_name: string; text: string };
}

const demoTickets = (): DemoTicket[] => [
  {
    by: 'field',
    raised: { subject: 'Production photos upload slowly from the truck', description: 'Photos from the bore site take minutes each on the hotspot; the bar sits at 99%.', ticket_type: 'App Issue', priority: 'Urgent', submitter_mood: 'Grrr' },
    updates: [
      { by: 'field', update: 'Log from this morning attached.', update_status: 'New' },
      { by: 'office', update: 'Seen it: the photos are resized before upload, checking the hotspot speed.', update_status: 'Working on it' },
    ],
    saved: { ticket_status: 'Open', submitter_status: 'Awaiting Admin Response', our_status: 'Working on It' },
    file: { file_name: 'upload-log.txt', text: '07:42 upload bore-pit.png 4.1 MB: 212 s\n07:46 upload hh-3.png 3.8 MB: 198 s\n' },
  },
  {
    by: 'office',
    raised: { subject: 'Invoice total off by a cent on job 2604', description: 'The job total shows 18,402.37, the invoice 18,402.36.', ticket_type: 'Billing Issue', priority: 'Critical', submitter_mood: 'Unhappy' },
    updates: [{ by: 'field', update: 'Which invoice number? I need it to check the lines.', update_status: 'Awaiting Submitter Response' }],
    saved: { ticket_status: 'Open', submitter_status: 'Waiting for a Thing', our_status: 'Awaiting Submitter Response' },
  },
  {
    by: 'field',
    raised: { subject: 'Add a crew filter to the locate list', description: 'Crews want to see only their own tickets in the morning.', ticket_type: 'App/Feature Suggestion', priority: 'Normal', submitter_mood: 'Happy' },
    updates: [],
    saved: { ticket_status: 'New', submitter_status: 'New', our_status: 'New' },
  },
  {
    by: 'field',
    raised: { subject: 'Call the crews back the same day', description: 'When a crew leaves a voicemail about a ticket, a call back before 5 would save a trip.', ticket_type: 'Customer Service Suggestion', priority: 'Low', submitter_mood: 'Meh' },
    updates: [
      { by: 'office', update: 'Read: we will talk it over on Monday.', update_status: 'Read' },
      { by: 'office', update: 'Set up a short call with the crew leads.', update_status: '- Meeting Requested' },
    ],
    saved: { ticket_status: 'Open', submitter_status: 'Need Status', our_status: 'Read', completion_date: null },
  },
  {
    by: 'office',
    raised: { subject: 'The new ORCA dashboard is great', description: 'Billing by status on one screen saves an hour a week.', ticket_type: 'Kudos!', priority: 'Low', submitter_mood: 'Yay!' },
    updates: [{ by: 'field', update: 'Thanks! Passed on to the team.', update_status: 'Done' }],
    saved: { ticket_status: 'Closed', submitter_status: 'Working on it', our_status: 'Done' },
  },
  {
    by: 'field',
    raised: { subject: 'Password reset mail lands in spam', description: 'Two crew leads never saw the reset mail.', ticket_type: 'App Issue', priority: 'Normal', submitter_mood: 'Meh' },
    updates: [
      { by: 'office', update: 'Waiting on the mail provider to confirm the sender record.', update_status: 'Waiting for a Thing' },
      { by: 'field', update: 'Both got it today, thanks.', update_status: 'Done' },
    ],
    saved: { ticket_status: 'Open', submitter_status: 'Closed', our_status: 'Done' },
  },
];

/** `field`: the demo's second user, who raises and answers some tickets. */
export async function seedHelpTickets(ctx: ApiContext, office: Actor, field: Actor, today: string) {
  const actors: Record<Who, Actor> = { office, field };
  for (const [n, demo] of demoTickets().entries()) {
    const submitter = actors[demo.by];
    const id = await newRecordId(ctx, office.accountId, 'help_ticket');
    await executeCommand(ctx, submitter, 'help_ticket', id, { type: 'RaiseHelpTicket', helpTicketId: id, values: demo.raised, submitter: { id: submitter.userId, name: submitter.userName } }, { create: true });
    const addLine = async (by: Actor, collection: string, values: Record<string, unknown>) => {
      const [lineId] = await newLineIds(ctx, office.accountId, collection, 'help_ticket', id);
      await executeCommand(ctx, by, 'help_ticket', id, { type: 'AddLine', collection, lineId, values });
    };
    if (demo.file) {
      // Stored as the upload route stores it.
      const stored = await ctx.blobs.put(Buffer.from(demo.file.text));
      await addLine(submitter, 'help_files', { file_name: demo.file.file_name, file_type: 'log', content_type: 'text/plain', ...stored });
    }
    for (const u of demo.updates) await addLine(actors[u.by], 'help_updates', { update: u.update, update_status: u.update_status });
    const saved = { ...demo.saved, completion_date: demo.saved.completion_date === undefined ? addDays(today, 3 + n * 2) : demo.saved.completion_date };
    // A submitter closes their own ticket; the office saves the rest.
    await executeCommand(ctx, saved.submitter_status === 'Closed' ? submitter : office, 'help_ticket', id, { type: 'ReviseHelpTicket', values: saved });
  }
}
