/** Telling a file's type from its bytes: only magic numbers count, never a name or a declared type. */
import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { recordedType, requirePicture, sendFile, sniffShownType } from './safe-files.ts';
import { HttpError } from './errors.ts';
import { deflateSync } from 'node:zlib';
import { jpegBytes, pngBytes, webpLossyBytes } from '@trenchline/domain/shared/image-testing.ts';

const bytes = (...parts: (number[] | string)[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));

describe('sniffShownType', () => {
  it.each([
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'), 'image/png'],
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0]), 'image/jpeg'],
    ['GIF87a', bytes('GIF87a'), 'image/gif'],
    ['GIF89a', bytes('GIF89a'), 'image/gif'],
    ['WebP', bytes('RIFF', [0x10, 0, 0, 0], 'WEBPVP8 '), 'image/webp'],
    ['PDF', bytes('%PDF-1.7\n'), 'application/pdf'],
  ])('given the magic numbers of %s, when sniffed, then its type', (_what, head, type) => {
    expect(sniffShownType(head)).toBe(type);
  });

  it.each([
    ['an SVG', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['an SVG with an XML prolog', bytes('<?xml version="1.0"?><svg/>')],
    ['an HTML page', bytes('<!doctype html><script>')],
    ['a WAV (RIFF but not WebP)', bytes('RIFF', [0x10, 0, 0, 0], 'WAVEfmt ')],
    ['a PNG signature cut short', bytes([0x89, 0x50, 0x4e, 0x47])],
    ['a PDF marker after other bytes', bytes('<html>%PDF-1.4')],
    ['nothing', Buffer.alloc(0)],
  ])('given %s, when sniffed, then nothing is shown', (_what, head) => {
    expect(sniffShownType(head)).toBeNull();
  });
});

describe('requirePicture and recordedType', () => {
  const refusal = (buffer: Buffer | Uint8Array) => {
    try {
      requirePicture({ buffer: Buffer.from(buffer) });
    } catch (e) {
      return e;
    }
    return null;
  };

  it('given a page named .png, when required to be a picture, then a 400 naming file', () => {
    const err = refusal(bytes('<html>'));
    expect(err).toBeInstanceOf(HttpError);
    expect(err).toMatchObject({ status: 400, error: 'invalid', message: 'file must be a PNG, JPEG or WebP image', extra: { fields: { file: 'must be a PNG, JPEG or WebP image' } } });
  });

  it('given a PDF, a GIF or a bare PNG signature, when required to be a picture, then refused; a real PNG, JPEG and WebP are taken with the type their bytes prove', () => {
    expect(refusal(bytes('%PDF-1.4'))).toBeInstanceOf(HttpError);
    expect(refusal(bytes('GIF89a', [1, 0, 1, 0]))).toBeInstanceOf(HttpError);
    expect(refusal(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'))).toMatchObject({ extra: { fields: { file: 'is a damaged or incomplete PNG image; it must be a PNG, JPEG or WebP image' } } });
    expect(requirePicture({ buffer: Buffer.from(pngBytes(4, 3)) })).toBe('image/png');
    expect(requirePicture({ buffer: Buffer.from(jpegBytes(1920, 1080)) })).toBe('image/jpeg');
    expect(requirePicture({ buffer: Buffer.from(webpLossyBytes(1920, 1080)) })).toBe('image/webp');
  });

  it('given a PNG whose header claims 50000x50000 pixels in a few bytes, when required to be a picture, then refused by its size before anything decodes it', () => {
    const bomb = pngBytes(50_000, 50_000, { rows: new Uint8Array(64), deflate: (raw) => deflateSync(raw) });
    expect(refusal(bomb)).toMatchObject({ status: 400, extra: { fields: { file: 'is 50000x50000 pixels; a photo may be at most 40 megapixels and 20000 pixels a side' } } });
  });

  it('given bytes that prove a type, when recorded, then that type; otherwise the client\'s', () => {
    expect(recordedType({ buffer: bytes([0xff, 0xd8, 0xff]), mimetype: 'text/html' })).toBe('image/jpeg');
    expect(recordedType({ buffer: bytes('hello'), mimetype: 'text/plain' })).toBe('text/plain');
  });
});

describe('sendFile', () => {
  it('given a file streamed in small chunks, when sent, then every byte arrives once and the type comes from the first ones', async () => {
    const whole = bytes('%PDF-1.4\n', 'x'.repeat(5000));
    const chunks = Array.from({ length: Math.ceil(whole.length / 3) }, (_, i) => whole.subarray(i * 3, i * 3 + 3));
    const app = express().get('/', (_req, res, next) => void sendFile(res, { stream: Readable.from(chunks), contentType: 'text/html', name: 'a.pdf', size: whole.length }, next).catch(next));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((ok) => server.once('listening', ok));
    try {
      const r = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(r.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await r.arrayBuffer())).toEqual(whole);
    } finally {
      server.close();
    }
  });

  it('given a download the client stops, when the connection closes, then the stored file is closed too', async () => {
    const source = new Readable({ read() { this.push(Buffer.alloc(64 * 1024, 0x41)); } });
    const app = express().get('/', (_req, res, next) => void sendFile(res, { stream: source, contentType: 'text/plain', name: 'big.txt' }, next).catch(next));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((ok) => server.once('listening', ok));
    try {
      const stop = new AbortController();
      const r = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, { signal: stop.signal });
      expect(r.status).toBe(200);
      stop.abort();
      await expect.poll(() => source.destroyed, { timeout: 5000 }).toBe(true);
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });

  it('given a file shorter than the bytes sniffed, when sent, then it arrives whole as an attachment', async () => {
    const app = express().get('/', (_req, res, next) => void sendFile(res, { stream: Readable.from([Buffer.from('hi')]), contentType: 'text/plain', name: 'a.txt' }, next).catch(next));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((ok) => server.once('listening', ok));
    try {
      const r = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(r.headers.get('content-disposition')).toMatch(/^attachment;/);
      expect(await r.text()).toBe('hi');
    } finally {
      server.close();
    }
  });
});
