/** Where a stored file line is downloaded: one route serves every upload collection. */
import type { Line } from './collections.ts';

export const fileUrl = (line: Line) =>
  `/api/files/${line.id}/${encodeURIComponent(String(line.file_name || 'file'))}`;
