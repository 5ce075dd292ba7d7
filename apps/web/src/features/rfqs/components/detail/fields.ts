/** What the RFQ's fields are called, for the form, its history and messages. */
const LABELS: Record<string, string> = {
  account_rfq_number: 'RFQ #',
  form_type: 'Form type',
  rfq_status: 'Status',
  rfq_date: 'RFQ date',
  title: 'Title',
  customer: 'Customer',
  customer_ref: 'Customer ref',
  location: 'Location',
  bid_due_date: 'Bid due',
  po_start_date: 'PO start',
  po_complete_date: 'PO complete',
  colour: 'Colour',
  description: 'Description',
  archived: 'Archived',
  job_ref: 'Job',
  estimate_margin_assumption: 'Margin %',
};

export const rfqFieldLabel = (name: string) => LABELS[name] ?? name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
