/**
 * Photos are resized in the browser before upload (spec 2 sections 5 and 9): at most 1920 px wide,
 * JPEG at quality 0.9, EXIF not kept. The image is drawn into a canvas and encoded again, which
 * drops every metadata block (the camera's orientation is applied first, so nothing turns sideways).
 * The size arithmetic is pure (photoSize, photoName); resizePhoto needs a browser.
 */
export const PHOTO_MAX_WIDTH = 1920;
export const PHOTO_QUALITY = 0.9;
export const PHOTO_TYPE = 'image/jpeg';

/** The size to draw at: the width capped at `maxWidth`, the height scaled alike (whole pixels, at least 1). */
export function photoSize(width: number, height: number, maxWidth = PHOTO_MAX_WIDTH): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) return { width: 0, height: 0 };
  if (width <= maxWidth) return { width: Math.round(width), height: Math.round(height) };
  return { width: maxWidth, height: Math.max(1, Math.round((height * maxWidth) / width)) };
}

/** The uploaded file's name: the same name ending in .jpg, as it is now a JPEG. */
export function photoName(name: string): string {
  const base = name.replace(/\.[^./\\]+$/, '');
  return `${base || 'photo'}.jpg`;
}

/** Is this a picture the browser can draw (and so resize)? */
export const isResizable = (file: { type: string }) => /^image\/(jpeg|png|webp|gif|bmp)$/i.test(file.type);

/** The photo as a JPEG of at most 1920 px wide, quality 0.9, without EXIF; files the browser cannot draw go as they are. */
export async function resizePhoto(file: File, maxWidth = PHOTO_MAX_WIDTH, quality = PHOTO_QUALITY): Promise<File> {
  if (!isResizable(file)) return file;
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const size = photoSize(bitmap.width, bitmap.height, maxWidth);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const g = canvas.getContext('2d');
    if (!g) return file;
    // A transparent PNG becomes white, not black, as a JPEG.
    g.fillStyle = '#fff';
    g.fillRect(0, 0, size.width, size.height);
    g.drawImage(bitmap, 0, 0, size.width, size.height);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, PHOTO_TYPE, quality));
    if (!blob) return file;
    return new File([blob], photoName(file.name), { type: PHOTO_TYPE, lastModified: file.lastModified });
  } finally {
    bitmap.close();
  }
}
