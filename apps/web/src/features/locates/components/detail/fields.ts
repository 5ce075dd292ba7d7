/** What the locate's fields are called, for the form, its history and messages. */
const LABELS: Record<string, string> = {
  form_type: 'Form',
  locate_status: 'Status',
  current_ticket_type: 'Ticket type',
  current_ticket_number: 'Ticket #',
  current_alt_ticket_number: 'Alt ticket #',
  current_date_submitted: 'Submitted',
  current_work_date: 'Work date',
  current_date_expiration: 'Expiration',
  archived: 'Archived',
  job_ref: 'Job',
  job_task_ref: 'Task',
  task_id: 'Task id',
  account_job_number: 'Job #',
  ticket_number: 'Ticket #',
  alt_ticket_number: 'Alt #',
  ticket_type: 'Type',
  date_submitted: 'Submitted',
  work_date: 'Work date',
  date_expiration: 'Expires',
  remarks: 'Remarks',
  segment: 'Segment',
  seg: 'Seg',
  job_number: 'Job #',
  crew_name: 'Crew',
  note_status: 'Status',
  created_by: 'By',
  created_date: 'Date',
};

/** A field's label; unknown names are made readable. */
export const locateFieldLabel = (name: string) => LABELS[name] ?? name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
