/** Where a stored file line is downloaded, and the one-PDF-bundle rule every record with files keeps. */
import type { CommandMeta } from './decider.ts';
import { safeBaseName } from './file-names.ts';
import { collectionIn, decideLine, linesOfCollection, type CollectionDef, type Line, type LineCommand, type LineEvent, type LinesState } from './collections.ts';

/** The name in the URL is the file's safe base name (a name '..' or with '/' would make another path); only the id is read. */
export const fileUrl = (line: Line) => `/api/files/${line.id}/${encodeURIComponent(safeBaseName(line.file_name, 'file'))}`;

export const PDF_BUNDLE = 'pdf_bundle';

/** The record's PDF bundle (at most one): the newest pdf_bundle file. */
export function pdfBundleOf(files: Line[]): Line | null {
  const bundles = files.filter((f) => f.file_type === PDF_BUNDLE);
  return bundles.length ? bundles[bundles.length - 1] : null;
}

/** A line command on a record whose `files` collection holds one PDF bundle: a new bundle first removes the old (spec 1 section 5). */
export function decideLineKeepingOneBundle(command: LineCommand, lines: LinesState, parentId: string, meta: CommandMeta, own: readonly CollectionDef[], files: string): LineEvent[] {
  if (command.type === 'AddLine' && command.collection === files && command.values.file_type === PDF_BUNDLE) {
    const replaced = linesOfCollection(lines, collectionIn(own, files)).filter((f) => f.file_type === PDF_BUNDLE);
    return [
      ...replaced.flatMap((f) => decideLine({ type: 'RemoveLine', collection: files, lineId: f.id }, lines, parentId, meta, own)),
      ...decideLine(command, lines, parentId, meta, own),
    ];
  }
  return decideLine(command, lines, parentId, meta, own);
}
