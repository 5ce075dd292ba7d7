/** The help ticket's updates and files (spec 3 sections 3 and 7). */
import { z } from 'zod';
import { recordLines } from '../shared/record-lines.ts';
import { authorColumns, authorStamps, fileSchema, uploadedColumns, uploadOf } from '../shared/standard-collections.ts';
import { choice, text } from '../shared/fields.ts';
import { HELP_UPDATE_STATUSES, NEW_HELP_STATUS } from './rules.ts';

const help = recordLines({ aggregate: 'help_ticket', parentField: 'helpticket', base: '/help' });

/** An update: what someone wrote on the ticket, with its status; who and when are stamped. */
export const helpUpdates = help.lines('updates', {
  name: 'help_updates',
  entity: 'HelpUpdate',
  noun: 'Update',
  schema: z.object({ update: text(10_000), update_status: choice(HELP_UPDATE_STATUSES) }),
  defaults: { update_status: NEW_HELP_STATUS, update: '' },
  stamps: authorStamps,
  fields: [
    { name: 'update_status', label: 'Status', kind: 'choice', choices: HELP_UPDATE_STATUSES, width: 170 },
    { name: 'update', label: 'Update', kind: 'longtext', width: 420 },
    ...authorColumns,
  ],
});

/** Files attached to a ticket (multipart: file, helpticket, file_name, file_type); the type is the client's words (a screenshot, a log). */
export const helpFiles = help.lines('files', {
  name: 'help_files',
  entity: 'HelpFile',
  noun: 'file',
  ...uploadOf,
  schema: fileSchema,
  fields: [
    { name: 'file_name', label: 'File', kind: 'text', width: 260 },
    { name: 'file_type', label: 'Type', kind: 'text' },
    ...uploadedColumns,
  ],
});

export const helpCollections = [helpUpdates, helpFiles];
