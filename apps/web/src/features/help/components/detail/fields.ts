/** What the help ticket's fields are called, for the form, its history and messages. */
const LABELS: Record<string, string> = {
  subject: 'Subject',
  description: 'Description',
  ticket_type: 'Type',
  priority: 'Priority',
  submitter_mood: 'Mood',
  ticket_status: 'Ticket status',
  submitter_status: 'Submitter status',
  our_status: 'Our status',
  completion_date: 'Completion date',
  archived: 'Archived',
  submitted_by_name: 'Submitted by',
  update: 'Update',
  update_status: 'Status',
  created_by: 'By',
  created_date: 'Date',
  file_name: 'File',
  file_type: 'Type',
  uploaded_by: 'By',
  uploaded_at: 'Uploaded',
};

/** A field's label; unknown names are made readable. */
export const helpFieldLabel = (name: string) => LABELS[name] ?? name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
