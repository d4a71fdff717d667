import { meResponseSchema } from '@shared/api';
import { DOCUMENT_ANSWERS_ID } from '@shared/document-answers';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { apiError, json, stubNetwork } from '@/test/render-app';
import { ApiError, NETWORK_ERROR_MESSAGE, apiRequest, apiRequestNoContent, isApiError } from './api-client';

describe('apiRequest', () => {
  it("throws the server's message and status on a JSON error", async () => {
    stubNetwork({ 'GET /api/me': apiError(401, 'Please sign in.') });
    await expect(apiRequest('/api/me', meResponseSchema)).rejects.toEqual(new ApiError(401, 'Please sign in.'));
  });

  it("keeps an error answer's JSON for a route whose errors say more than a message", async () => {
    const draft = {
      catalog: [],
      baseVersion: 3,
      updatedAt: '2026-11-24T21:05:00.000Z',
      updatedBy: 'sam@x',
      problems: [],
    };
    stubNetwork({ 'PUT /api/studio/draft': json({ error: 'Conflict', message: 'Sam saved.', draft }, 409) });
    const error = await apiRequest('/api/studio/draft', meResponseSchema, { method: 'PUT', body: {} }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 409, message: 'Sam saved.', body: { draft } });
  });

  it('sends a request that outlives the page when asked (keepalive)', async () => {
    const sent: RequestInit[] = [];
    vi.stubGlobal('fetch', (_path: string, init: RequestInit) => {
      sent.push(init);
      return Promise.resolve(new Response(null, { status: 204 }));
    });
    await apiRequestNoContent('/api/studio/draft', { method: 'PUT', body: { catalog: [] }, keepalive: true });
    await apiRequestNoContent('/api/studio/draft', { method: 'DELETE' });
    expect(sent.map((init) => init.keepalive)).toEqual([true, undefined]);
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

  it("takes the document's answer for a path once, then asks the server (docs/decisions/028-dashboard-render-on-a-phone.md)", async () => {
    const fromServer = { user: { id: 'u-2', email: 'sam@inspired2uplift.org', name: 'Sam from the server' } };
    const asked: string[] = [];
    stubNetwork({
      'GET /api/me': () => {
        asked.push('GET /api/me');
        return json(fromServer);
      },
    });
    const inDocument = {
      user: { id: 'u-1', email: 'sam@inspired2uplift.org', name: 'Sam </script> from the document' },
    };
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = DOCUMENT_ANSWERS_ID;
    element.textContent = JSON.stringify({ '/api/me': { status: 200, body: inDocument } }).replace(/</g, '\\u003c');
    document.body.append(element);
    const schema = z.object({ user: z.object({ id: z.string(), email: z.string(), name: z.string() }) });

    expect(await apiRequest('/api/me', schema)).toEqual(inDocument);
    expect(asked).toEqual([]);
    expect(document.getElementById(DOCUMENT_ANSWERS_ID)).toBeNull();
    expect(await apiRequest('/api/me', schema)).toEqual(fromServer);
    expect(asked).toEqual(['GET /api/me']);
  });
  it("takes an error answer from the document as the server's own: a 401 is no one signed in", async () => {
    const asked: string[] = [];
    stubNetwork({
      'GET /api/me': () => {
        asked.push('GET /api/me');
        return json({ user: { id: 'u-2', email: 'robin@inspired2uplift.org', name: 'Robin' } });
      },
      'GET /api/config': () => {
        asked.push('GET /api/config');
        return apiError(503, 'The database is unavailable.');
      },
    });
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = DOCUMENT_ANSWERS_ID;
    const unauthorized = { statusCode: 401, error: 'Unauthorized', message: 'Please sign in to continue.' };
    // An entry that is not an answer as the server writes it is ignored: that request asks the server.
    element.textContent = JSON.stringify({
      '/api/me': { status: 401, body: unauthorized },
      '/api/config': { version: '1' },
    });
    document.body.append(element);
    const schema = z.object({ user: z.object({ id: z.string() }) });

    const error = await apiRequest('/api/me', schema).catch((caught: unknown) => caught);
    expect(isApiError(error) && error.status).toBe(401);
    expect(isApiError(error) && error.message).toBe('Please sign in to continue.');
    expect(asked).toEqual([]);
    const configError = await apiRequest('/api/config', z.object({})).catch((caught: unknown) => caught);
    expect(isApiError(configError) && configError.status).toBe(503);
    expect(asked).toEqual(['GET /api/config']);
  });
});
