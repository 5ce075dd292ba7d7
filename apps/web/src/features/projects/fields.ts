/** What the project's fields are called, for the form, history and messages. */
const LABELS: Record<string, string> = {
  name: 'Name',
  customer: 'Customer',
  description: 'Description',
  status: 'Status',
  colour: 'Colour',
  work_type: 'Work type',
  start_date: 'Start date',
  due_date: 'Due date',
  po_number: 'PO number',
  po_date: 'PO date',
  po_amount: 'PO amount',
  address: 'Address',
  city: 'City',
  county: 'County',
  state: 'State',
  zip: 'Zip',
  archived: 'Archived',
  note_status: 'Status',
  created_by: 'By',
  created_date: 'Date',
  job_ref: 'Customer job ref',
  contact_name: 'Contact',
  contact_phone: 'Phone',
  contact_email: 'Email',
};

/** A field's label; unknown names are made readable. */
export const fieldLabel = (name: string) => LABELS[name] ?? name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
