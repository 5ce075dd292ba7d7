import { describe, expect, it } from 'vitest';
import { isResizable, PHOTO_MAX_WIDTH, PHOTO_QUALITY, photoName, photoSize } from './resizePhoto';

describe('photo resize before upload', () => {
  it('caps the width at 1920 and scales the height alike', () => {
    expect(PHOTO_MAX_WIDTH).toBe(1920);
    expect(PHOTO_QUALITY).toBe(0.9);
    expect(photoSize(3000, 2000)).toEqual({ width: 1920, height: 1280 });
    expect(photoSize(4032, 3024)).toEqual({ width: 1920, height: 1440 });
    expect(photoSize(2000, 3000)).toEqual({ width: 1920, height: 2880 });
  });

  it('leaves smaller photos their size (they are still encoded again, without EXIF)', () => {
    expect(photoSize(1920, 1080)).toEqual({ width: 1920, height: 1080 });
    expect(photoSize(800, 600)).toEqual({ width: 800, height: 600 });
  });

  it('keeps at least one pixel of height and refuses empty sizes', () => {
    expect(photoSize(100000, 10)).toEqual({ width: 1920, height: 1 });
    expect(photoSize(0, 10)).toEqual({ width: 0, height: 0 });
  });

  it('names the upload .jpg and resizes only pictures a browser can draw', () => {
    expect(photoName('IMG_0001.HEIC.png')).toBe('IMG_0001.HEIC.jpg');
    expect(photoName('trench')).toBe('trench.jpg');
    expect(photoName('.png')).toBe('photo.jpg');
    expect(isResizable({ type: 'image/png' })).toBe(true);
    expect(isResizable({ type: 'application/pdf' })).toBe(false);
  });
});
