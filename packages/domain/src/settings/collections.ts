/** Settings' child collections: a product's raw materials, the SVA rate sheet's codes, the account's files. */
import { z } from 'zod';
import { defineCollection } from '../shared/collections.ts';
import { choice, decimal, quantity, ref, text, unitPrice } from '../shared/fields.ts';
import { fileName } from '../shared/file-names.ts';

export const productRawMaterials = defineCollection({
  name: 'product_raw_materials',
  entity: 'ProductRawMaterial',
  aggregate: 'product',
  parentField: 'product',
  noun: 'Raw material',
  schema: z.object({
    raw_material: ref({ record: 'raw_material' }),
    code: text(100),
    item_name: text(300),
    qty: quantity(),
    uom: text(30),
  }),
  routes: { list: '/settings/our_products/:parentId/raw_materials/', item: '/settings/our_products/raw_materials/:id/' },
  fields: [
    { name: 'code', label: 'Code', kind: 'text', width: 110 },
    { name: 'item_name', label: 'Raw material', kind: 'text', width: 220 },
    { name: 'qty', label: 'Qty per unit', kind: 'number' },
    { name: 'uom', label: 'UOM', kind: 'text', width: 80 },
  ],
});

export const svaCodes = defineCollection({
  name: 'sva_codes',
  entity: 'SvaCode',
  aggregate: 'sva_rate_sheet',
  parentField: 'rate_sheet',
  noun: 'SVA code',
  schema: z.object({
    code: text(50),
    description: text(500),
    uom: text(20),
    rate: unitPrice(),
    provisions: text(2000),
  }),
  unique: 'code',
  singleton: true,
  routes: { list: '/settings/jobs/sva_codes/', item: '/settings/jobs/sva_codes/:id/' },
  fields: [
    { name: 'code', label: 'Code', kind: 'text', width: 110 },
    { name: 'description', label: 'Description', kind: 'text', width: 280 },
    { name: 'uom', label: 'UOM', kind: 'text', width: 70 },
    { name: 'rate', label: 'Rate', kind: 'money' },
    { name: 'provisions', label: 'Provisions', kind: 'longtext', width: 260 },
  ],
});

/** What an account file is for: one background picture and one training video at a time. */
export const ACCOUNT_FILE_PURPOSES = ['background_picture', 'training_video'] as const;
export type AccountFilePurpose = (typeof ACCOUNT_FILE_PURPOSES)[number];

export const accountFiles = defineCollection({
  name: 'account_files',
  entity: 'AccountFile',
  aggregate: 'account_settings',
  parentField: 'account_settings',
  noun: 'File',
  schema: z.object({
    purpose: choice(ACCOUNT_FILE_PURPOSES),
    file_name: fileName(300),
    file_type: text(100),
    content_type: text(200),
    sha256: text(64),
    size: decimal({ min: 0, max: Number.MAX_SAFE_INTEGER, decimals: 0 }),
  }),
  upload: true,
  singleton: true,
  routes: { list: '/settings/files/', item: '/settings/files/:id' },
  fields: [
    { name: 'purpose', label: 'For', kind: 'choice', choices: ACCOUNT_FILE_PURPOSES },
    { name: 'file_name', label: 'File', kind: 'text' },
  ],
});
