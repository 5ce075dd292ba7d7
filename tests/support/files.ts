/**
 * Real file bytes for uploads: the server tells a picture or a PDF by its magic numbers, so a test
 * that uploads a photo sends one. `picture(label)` is a 1x1 PNG with the label after its end, so a
 * test can still tell its uploads apart (decoders ignore bytes after IEND).
 */
import { PNG, pdf } from '@trenchline/api/areas/jobs/seed.ts';

export { PNG, pdf };
/** 1x1 pictures as browsers make them. */
export const JPEG = Buffer.from(
  '/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAAMCAgICAgMCAgIDAwMDBAYEBAQEBAgGBgUGCQgKCgkICQkKDA8MCgsOCwkJDRENDg8QEBEQCgwSExIQEw8QEBD/2wBDAQMDAwQDBAgEBAgQCwkLEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBAQEBD/wAARCAABAAEDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAUEAEAAAAAAAAAAAAAAAAAAAAA/8QAFAEBAAAAAAAAAAAAAAAAAAAACP/EABQRAQAAAAAAAAAAAAAAAAAAAAD/2gAMAwEAAhEDEQA/AIgBXNB//9k=',
  'base64',
);
export const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
export const WEBP = Buffer.from('UklGRiIAAABXRUJQVlA4IBYAAAAwAQCdASoBAAEADsD+JaQAA3AAAAAA', 'base64');

export const picture = (label: string) => Buffer.concat([PNG, Buffer.from(label)]);
export const jpegPicture = (label: string) => Buffer.concat([JPEG, Buffer.from(label)]);
