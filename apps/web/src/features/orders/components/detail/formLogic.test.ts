import { describe, expect, it } from 'vitest';
import { barcodeOf, customerChoices, orderFormLogic, productChoices, submitProblem, toPayload, totalsShown } from './formLogic';

const money = (v: unknown) => (v === null || v === undefined ? '' : `$${Number(v).toFixed(2)}`);

describe("the order page's logic", () => {
  it('given an order, then the form holds the fields the page edits, never the status or the number', () => {
    const v = orderFormLogic.valuesOf({ id: '7', customer_name: 'Acme', status: 'Draft', order_number: '5001' });
    expect(Object.keys(v)).not.toContain('status');
    expect(Object.keys(v)).not.toContain('order_number');
    expect(v.customer_name).toBe('Acme');
    expect(v.billing_city).toBeNull();
  });

  it('when saved, then blank text is null and archived a flag', () => {
    const draft = { ...orderFormLogic.valuesOf({ id: '7' }), customer_name: ' ', billing_city: 'Tulsa', archived: null };
    expect(toPayload(draft)).toMatchObject({ customer_name: null, billing_city: 'Tulsa', archived: false });
  });

  it("given no customer name, then 'Customer Name please'; a first line without a total, 'Items please'; else nothing (spec 3 section 5)", () => {
    const priced = { id: '1', qty: 2, price: 3 };
    expect(submitProblem('', [priced])).toBe('Customer Name please');
    expect(submitProblem('  ', [priced])).toBe('Customer Name please');
    expect(submitProblem('Acme', [])).toBe('Items please');
    expect(submitProblem('Acme', [{ id: '1', qty: 2, price: null }, priced])).toBe('Items please');
    expect(submitProblem('Acme', [{ id: '1', qty: 0, price: 3 }])).toBe('Items please');
    expect(submitProblem('Acme', [priced, { id: '2', qty: 1 }])).toBeNull();
  });

  it('given customers, then the active ones are offered by name with their city, and an inactive one only when the order names it', () => {
    const rows = [
      { id: '2', name: 'Zephyr Brewing', city: 'Tulsa', active: true },
      { id: '3', name: 'Old Mill', city: null, active: false },
      { id: '4', name: 'Acme Taproom', city: 'Norman', active: true },
    ];
    expect(customerChoices(rows, null)).toEqual([
      { value: '4', label: 'Acme Taproom, Norman' },
      { value: '2', label: 'Zephyr Brewing, Tulsa' },
    ]);
    expect(customerChoices(rows, '3').map((c) => c.value)).toEqual(['4', '3', '2']);
    expect(customerChoices(undefined, null)).toEqual([]);
  });

  it('given products, then the active ones are offered with code, name, unit and price', () => {
    const rows = [
      { id: '1', code: 'H-2', item_name: 'Cascade hops', uom: 'oz', price: 4.5, active: true },
      { id: '2', code: 'X', item_name: 'Retired', active: false },
      { id: '3', code: null, item_name: 'Amber ale', uom: 'Growler', price: null, active: true },
    ];
    expect(productChoices(rows, money)).toEqual([
      { value: '3', label: 'Amber ale · Growler' },
      { value: '1', label: 'H-2 · Cascade hops · oz · $4.50' },
    ]);
  });

  it('given a scanned barcode, then it is trimmed; blank is none', () => {
    expect(barcodeOf(' 0123456789012\n')).toBe('0123456789012');
    expect(barcodeOf('   ')).toBeNull();
  });

  it("given the server's total, then it is shown; unsaved line edits add what the total will be, by the domain rule", () => {
    const lines = [{ id: '1', qty: 2, price: 3 }, { id: '2', qty: 1, price: 0.1 }];
    expect(totalsShown(6.1, lines)).toEqual({ saved: 6.1, unsaved: null });
    expect(totalsShown('6.10', lines)).toEqual({ saved: 6.1, unsaved: null });
    expect(totalsShown(6.1, [{ id: '1', qty: 3, price: 3 }, lines[1]])).toEqual({ saved: 6.1, unsaved: 9.1 });
    expect(totalsShown(null, [])).toEqual({ saved: 0, unsaved: null });
  });
});
