/** What the order's fields are called, for the form, its history and messages. */
const LABELS: Record<string, string> = {
  customer_name: 'Customer name',
  customer_ref: 'Customer (Settings)',
  billing_address: 'Billing address',
  billing_city: 'City',
  billing_state: 'State',
  billing_zip: 'Zip',
  billing_email: 'E-mail',
  billing_phone: 'Phone',
  order_date: 'Order date',
  notes: 'Notes',
  status: 'Status',
  order_number: 'Order #',
  submitted_at: 'Submitted',
  submitted_by: 'Submitted by',
  archived: 'Archived',
  total_price: 'Total',
  code: 'Code',
  item_name: 'Item',
  qty: 'Qty',
  uom: 'UOM',
  price: 'Price',
  barcode_1: 'Barcode',
  product_ref: 'Product',
};

/** A field's label; unknown names are made readable. */
export const orderFieldLabel = (name: string) => LABELS[name] ?? name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
