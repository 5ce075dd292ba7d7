import { describe, expect, it } from 'vitest';
import { ApiError } from './http';
import { uploadErrorText } from './uploadError';

describe('upload failure text', () => {
  it("is the status, ': ' and the response when the server answered", () => {
    const e = new ApiError('POST', '/api/bids/1/files/', 413, 'Payload Too Large', { message: 'File too large' }, '{"error":"too_large","message":"File too large"}');
    expect(uploadErrorText(e)).toBe('413: {"error":"too_large","message":"File too large"}');
  });
  it('says Problem when the request never reached the server (status 0)', () => {
    const e = new ApiError('POST', '/api/bids/1/files/', 0, 'Network error', {}, '');
    expect(uploadErrorText(e)).toBe('Problem.  The upload did not reach the server; check the connection and try again.');
  });
});
