/**
 * Collections many records have in the same shape: notes (status, text, who and when) and uploaded
 * files (one of them the PDF bundle). A record declares its own with a name and paths; the fields,
 * defaults and stamps are the same everywhere, so a note or a file behaves alike on every screen.
 */
import { z } from 'zod';
import { defineCollection, type CollectionDef, type FieldSpec } from './collections.ts';
import { DEFAULT_NOTE_STATUS, NOTE_STATUSES } from './choices.ts';
import { choiceById, text } from './fields.ts';
import { fileUrl, PDF_BUNDLE } from './files.ts';
import { fileName } from './file-names.ts';

type Naming = Pick<CollectionDef, 'name' | 'entity' | 'aggregate' | 'parentField' | 'routes'>;

/** A line written by a user: its author's name and the time are stamped (never a client's), and its table ends with them. */
export const authorStamps = { createdBy: 'created_by', createdDate: 'created_date' };
export const authorColumns: FieldSpec[] = [
  { name: 'created_by', label: 'By', kind: 'text', readOnly: true },
  { name: 'created_date', label: 'Date', kind: 'date', readOnly: true },
];

/** What every collection of uploaded files shares: added by multipart upload, its uploader and time stamped, its file's URL computed. */
export const uploadOf = {
  upload: true,
  stamps: { createdBy: 'uploaded_by', createdDate: 'uploaded_at' },
  computed: (line: Record<string, unknown> & { id: string }) => ({ file: fileUrl(line) }),
};
/** The columns an uploaded file's table ends with: who uploaded it and when. */
export const uploadedColumns: FieldSpec[] = [
  { name: 'uploaded_by', label: 'By', kind: 'text', readOnly: true },
  { name: 'uploaded_at', label: 'Uploaded', kind: 'date', readOnly: true },
];

/**
 * Notes: a new note is 'Update', stamped with its author's display name and the time (spec 2 section
 * 6); created_by is the server's, so a client's value is ignored like any unknown field.
 */
export const defineNotes = (o: Naming) =>
  defineCollection({
    ...o,
    noun: 'Note',
    schema: z.object({
      note: text(10_000),
      note_status: choiceById(NOTE_STATUSES),
    }),
    defaults: { note_status: DEFAULT_NOTE_STATUS, note: '' },
    stamps: authorStamps,
    fields: [
      { name: 'note_status', label: 'Status', kind: 'choice', choices: NOTE_STATUSES, width: 140 },
      { name: 'note', label: 'Note', kind: 'longtext', width: 420 },
      ...authorColumns,
    ],
  });

/** Whose work a record is for (a ticket's and a locate's customer data, spec 3): the customer, their job number and job, and its segment (seg). */
export const customerDataSchema = z.object({ customer: text(200), job_number: text(100), job: text(500), seg: text(50) });
export const customerDataOf = {
  noun: 'Customer data',
  schema: customerDataSchema,
  fields: [
    { name: 'customer', label: 'Customer', kind: 'text', width: 180 },
    { name: 'job_number', label: 'Job #', kind: 'text', width: 110 },
    { name: 'job', label: 'Job', kind: 'text', width: 220 },
    { name: 'seg', label: 'Seg', kind: 'text', width: 80 },
  ] as FieldSpec[],
};

/** What a file's type is usually called; any words are taken (a permit scan, a plan), and only pdf_bundle has a rule of its own. */
export const FILE_TYPES = [PDF_BUNDLE, 'other'] as const;

/** An uploaded file's line: its name and type are the client's; the blob's hash, size and content type the upload route's. */
export const fileSchema = z.object({
  file_name: fileName(300),
  file_type: text(100),
  /** Set by the upload route from the stored blob, never by the client. */
  sha256: z.string().regex(/^[0-9a-f]{64}$/).optional(),
  size: z.number().int().nonnegative().optional(),
  content_type: text(200),
});

/** Uploaded files, added by multipart upload; the blob's hash, size and type are set by the server. */
export const defineFiles = (o: Naming) =>
  defineCollection({
    ...o,
    noun: 'file',
    ...uploadOf,
    schema: fileSchema,
    defaults: { file_type: 'other' },
    fields: [
      { name: 'file_name', label: 'File', kind: 'text' },
      { name: 'file_type', label: 'Type', kind: 'text', choices: FILE_TYPES },
      ...uploadedColumns,
    ],
  });

/** A photo: an uploaded image with its caption (resized in the browser before upload). A photo of a line also names that line (its schema adds the field). */
export const photoSchema = z.object({
  file_name: fileName(300),
  file_type: text(50),
  caption: text(500),
  sha256: z.string().regex(/^[0-9a-f]{64}$/).optional(),
  size: z.number().int().nonnegative().optional(),
  content_type: text(200),
});
const photoFields: FieldSpec[] = [
  { name: 'file_name', label: 'Photo', kind: 'text' },
  { name: 'caption', label: 'Caption', kind: 'text', width: 240 },
  ...uploadedColumns,
];
/** What a photo collection declares besides its name, paths and parent (jobs' and tickets' photos alike). */
export const photoOf = { noun: 'photo', ...uploadOf, photos: true, schema: photoSchema, defaults: { file_type: 'photo' }, fields: photoFields };

/** The fields of an uploaded file that is a line's (a timecard's scan, a receipt): as defineFiles', naming its line. */
export const lineFileSchema = z.object({
  file_name: fileName(300),
  sha256: z.string().regex(/^[0-9a-f]{64}$/).optional(),
  size: z.number().int().nonnegative().optional(),
  content_type: text(200),
});
export const lineFileOf = {
  noun: 'file',
  ...uploadOf,
  fields: [{ name: 'file_name', label: 'File', kind: 'text' }, ...uploadedColumns] as FieldSpec[],
};
