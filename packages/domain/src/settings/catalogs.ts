/**
 * The settings catalogs (spec 3 section 3): each is one declaration, and the aggregate, list read
 * model, routes and settings table follow from it (shared/catalog-records.ts).
 */
import { z } from 'zod';
import { defineCatalogRecord } from '../shared/catalog-records.ts';
import { choice, flag, text, unitPrice } from '../shared/fields.ts';
import { PRODUCT_UOMS } from './rules.ts';
import { productRawMaterials } from './collections.ts';

export const crews = defineCatalogRecord({
  aggregate: 'crew',
  label: 'Crew',
  entity: 'Crew',
  list: 'crews',
  path: '/settings/crews',
  schema: z.object({ crew_name: text(200), active: flag() }),
  nameField: 'crew_name',
  // Spec 3 section 5: assigning a crew with an empty name.
  nameRequired: 'Please type a crew name to assign',
  defaults: { active: true },
  // Spec 3 section 5: a new crew must not already be in the crew list.
  unique: 'crew_name',
  fields: [
    { name: 'crew_name', label: 'Crew name', kind: 'text', width: 260 },
    { name: 'active', label: 'Active', kind: 'flag' },
  ],
  search: ['crew_name'],
});

export const customers = defineCatalogRecord({
  aggregate: 'customer',
  label: 'Customer',
  entity: 'Customer',
  list: 'customers',
  path: '/settings/customers',
  schema: z.object({
    name: text(200),
    address: text(300),
    city: text(100),
    state: text(50),
    zip: text(20),
    email: z.union([z.literal(''), z.null(), z.email({ message: 'must be an e-mail address' }).max(200)]).optional(),
    phone: text(50),
    active: flag(),
  }),
  nameField: 'name',
  defaults: { active: true },
  fields: [
    { name: 'name', label: 'Customer name', kind: 'text', width: 200 },
    { name: 'address', label: 'Address', kind: 'text', width: 200 },
    { name: 'city', label: 'City', kind: 'text' },
    { name: 'state', label: 'State', kind: 'text', width: 70 },
    { name: 'zip', label: 'Zip', kind: 'text', width: 90 },
    { name: 'email', label: 'E-mail', kind: 'text' },
    { name: 'phone', label: 'Phone', kind: 'text' },
    { name: 'active', label: 'Active', kind: 'flag' },
  ],
  search: ['name', 'city', 'email', 'phone'],
});

/** Vendors and raw materials share their fields (spec 3: "Vendor and raw material"). */
const supplyFields = z.object({ name: text(200), code: text(100), item_name: text(300), uom: text(30), active: flag() });
const supplyColumns = (nameLabel: string) => [
  { name: 'name', label: nameLabel, kind: 'text' as const, width: 200 },
  { name: 'code', label: 'Code', kind: 'text' as const, width: 110 },
  { name: 'item_name', label: 'Item name', kind: 'text' as const, width: 200 },
  { name: 'uom', label: 'UOM', kind: 'text' as const, width: 80 },
  { name: 'active', label: 'Active', kind: 'flag' as const },
];

/** A supplier's catalogue record (a vendor, a raw material): the supply fields, found by name, code or item name. */
const supplyCatalog = (o: { aggregate: string; label: string; entity: string; list: string; path: string }) =>
  defineCatalogRecord({ ...o, schema: supplyFields, nameField: 'name', defaults: { active: true }, fields: supplyColumns(`${o.label} name`), search: ['name', 'code', 'item_name'] });

export const vendors = supplyCatalog({ aggregate: 'vendor', label: 'Vendor', entity: 'Vendor', list: 'vendors', path: '/settings/vendors' });
export const rawMaterials = supplyCatalog({ aggregate: 'raw_material', label: 'Raw material', entity: 'RawMaterial', list: 'raw_materials', path: '/settings/raw_materials' });

/** A product the contractor sells (customer orders); its name is its item name. */
export const products = defineCatalogRecord({
  aggregate: 'product',
  label: 'Product',
  entity: 'Product',
  list: 'our_products',
  path: '/settings/our_products',
  schema: z.object({ code: text(100), item_name: text(300), uom: choice(PRODUCT_UOMS), price: unitPrice(), barcode_1: text(100), active: flag() }),
  nameField: 'item_name',
  // Spec 3 section 8: '{code} saved successfully'.
  savedBy: 'code',
  defaults: { active: true },
  fields: [
    { name: 'item_name', label: 'Product name', kind: 'text', width: 220 },
    { name: 'code', label: 'Code', kind: 'text', width: 110 },
    { name: 'uom', label: 'UOM', kind: 'choice', choices: PRODUCT_UOMS, width: 90 },
    { name: 'price', label: 'Price', kind: 'money' },
    { name: 'barcode_1', label: 'Barcode', kind: 'text' },
    { name: 'active', label: 'Active', kind: 'flag' },
  ],
  search: ['item_name', 'code', 'barcode_1'],
  collections: [productRawMaterials],
});

/** Coordinators looked up by code on jobs and tasks (spec 2: SVA coordinator). */
export const svaCoordinators = defineCatalogRecord({
  aggregate: 'sva_coordinator',
  label: 'SVA coordinator',
  entity: 'SvaCoordinator',
  list: 'sva_coordinators',
  path: '/settings/jobs/sva_coordinators',
  schema: z.object({
    coordinator_code: text(50),
    coordinator: text(200),
    coord_phone1: text(50),
    coord_phone2: text(50),
    coordinator_email: z.union([z.literal(''), z.null(), z.email({ message: 'must be an e-mail address' }).max(200)]).optional(),
  }),
  nameField: 'coordinator',
  // Jobs look coordinators up by code, so one code names one coordinator.
  unique: 'coordinator_code',
  fields: [
    { name: 'coordinator_code', label: 'Code', kind: 'text', width: 110 },
    { name: 'coordinator', label: 'Coordinator', kind: 'text', width: 200 },
    { name: 'coord_phone1', label: 'Phone 1', kind: 'text' },
    { name: 'coord_phone2', label: 'Phone 2', kind: 'text' },
    { name: 'coordinator_email', label: 'E-mail', kind: 'text', width: 200 },
  ],
  search: ['coordinator_code', 'coordinator', 'coordinator_email'],
});
