import { meResponseSchema } from '@shared/api';
import { describe, expect, it, vi } from 'vitest';
import { apiError, json, stubNetwork } from '@/test/render-app';
import { ApiError, NETWORK_ERROR_MESSAGE, apiRequest } from './api-client';

describe('apiRequest', () => {
  it("throws the server's message and status on a JSON error", async () => {
    stubNetwork({ 'GET /api/me': apiError(401, 'Please sign in.') });
    await expect(apiRequest('/api/me', meResponseSchema)).rejects.toEqual(new ApiError(401, 'Please sign in.'));
  });

  it('explains a network failure', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const error = await apiRequest('/api/me', meResponseSchema).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, message: NETWORK_ERROR_MESSAGE });
  });

  it('falls back to a clear message when an error is not JSON', async () => {
    stubNetwork({ 'GET /api/me': new Response('<h1>Bad Gateway</h1>', { status: 502 }) });
    await expect(apiRequest('/api/me', meResponseSchema)).rejects.toMatchObject({
      status: 502,
      message: expect.stringContaining('error 502'),
    });
  });

  it('rejects an answer that breaks the contract', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    stubNetwork({ 'GET /api/me': json({ user: { id: 1 } }) });
    await expect(apiRequest('/api/me', meResponseSchema)).rejects.toBeInstanceOf(ApiError);
    expect(warn).toHaveBeenCalled();
  });
});
