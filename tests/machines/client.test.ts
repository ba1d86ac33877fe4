import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApi, normalizeErrors, unwrap } from '../../src/lib/api/client';
import { json, mockFetch } from './fetch-mock';

const BASE = 'http://halaqa.test/api';

describe('normalizeErrors (product.md#validation)', () => {
  it('maps an errors list (path → message) and keeps the message', () => {
    expect(
      normalizeErrors({
        message: 'Validation failed',
        errors: [
          { path: 'email', message: 'must match format "email"' },
          { path: '/password', message: 'too short' },
          { path: 'email', message: 'second message is ignored' },
          { path: 'body.company.address.city', message: 'required' },
        ],
      }),
    ).toEqual({
      message: 'Validation failed',
      email: 'must match format "email"',
      password: 'too short',
      'company.address.city': 'required',
    });
  });

  it('takes the first key of a validation block', () => {
    expect(normalizeErrors({ validation: { email: ['is taken', 'other'], name: 'x' } })).toEqual({ email: 'is taken' });
    expect(normalizeErrors({ validation: { password: { message: 'weak' } }, message: 'Bad' })).toEqual({
      password: 'weak',
      message: 'Bad',
    });
  });

  it('takes the first body key when the body itself is the validation object', () => {
    expect(normalizeErrors({ email: 'already registered' })).toEqual({ email: 'already registered' });
  });

  it('keeps a bare message', () => {
    expect(normalizeErrors({ message: 'Session is full' })).toEqual({ message: 'Session is full' });
    expect(normalizeErrors('Gateway timeout')).toEqual({ message: 'Gateway timeout' });
  });

  it('never throws on odd input', () => {
    for (const body of [null, undefined, 42, '', [], { errors: 'nope' }, { errors: [null, { path: 1 }] }]) {
      expect(() => normalizeErrors(body)).not.toThrow();
    }
    expect(normalizeErrors(undefined)).toEqual({});
  });

  it('ApiError carries status, server message and field errors', () => {
    const e = new ApiError(400, { message: 'Validation failed', errors: [{ path: 'email', message: 'bad' }] });
    expect(e).toBeInstanceOf(Error);
    expect(e.status).toBe(400);
    expect(e.serverMessage).toBe('Validation failed');
    expect(e.fieldErrors).toEqual({ email: 'bad' });
    expect(new ApiError(500, undefined).message).toBe('HTTP 500');
  });
});

describe('createApi', () => {
  it('adds the bearer token and X-Auth-Legacy 1 for a product sign-in', async () => {
    const { fetch, calls } = mockFetch({ 'GET /api/sessions/enrollments': () => json(200, { data: [] }) });
    const api = createApi({ baseUrl: BASE, fetch, getAuth: () => ({ token: 'abc', federated: false }) });
    const result = await api.GET('/sessions/enrollments');
    expect(unwrap(result)).toEqual([]);
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer abc');
    expect(calls[0]!.headers.get('X-Auth-Legacy')).toBe('1');
  });

  it('marks federated users with X-Auth-Legacy 0, and sends nothing when signed out', async () => {
    let auth: { token: string; federated: boolean } | null = { token: 'fed', federated: true };
    const { fetch, calls } = mockFetch({ 'GET /api/timezones/us': () => json(200, { data: [] }) });
    const api = createApi({ baseUrl: BASE, fetch, getAuth: () => auth });
    await api.GET('/timezones/us');
    auth = null;
    await api.GET('/timezones/us');
    expect(calls[0]!.headers.get('X-Auth-Legacy')).toBe('0');
    expect(calls[1]!.headers.has('Authorization')).toBe(false);
  });

  it('keeps an Authorization header set by the call', async () => {
    const { fetch, calls } = mockFetch({ 'GET /api/users/me/company': () => json(404, { message: 'Not found' }) });
    const onUnauthorized = vi.fn();
    const api = createApi({
      baseUrl: BASE,
      fetch,
      getAuth: () => ({ token: 'stored', federated: false }),
      onUnauthorized,
    });
    await api.GET('/users/me/company', { headers: { Authorization: 'Bearer fresh' } });
    expect(calls[0]!.headers.get('Authorization')).toBe('Bearer fresh');
  });

  it('reports a 401 and retries with the refreshed token when the handler says so', async () => {
    let token = 'old';
    const { fetch, calls } = mockFetch({
      'POST /api/payments/fee': (req) =>
        req.headers.get('Authorization') === 'Bearer new'
          ? json(200, { data: { price: 10, fee: 1, total: 11, amount: 1100, currency: 'USD' } })
          : json(401, { message: 'Unauthorized' }),
    });
    const onUnauthorized = vi.fn(async () => {
      token = 'new';
      return true;
    });
    const api = createApi({ baseUrl: BASE, fetch, getAuth: () => ({ token, federated: true }), onUnauthorized });
    const result = await api.POST('/payments/fee', { body: { price: 10 } });
    expect(result.response.status).toBe(200);
    expect(unwrap(result).total).toBe(11);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(onUnauthorized).toHaveBeenCalledWith(expect.objectContaining({ attempt: 1, token: 'old', method: 'POST' }));
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body).toBe(JSON.stringify({ price: 10 })); // the body is sent again
  });

  it('retries at most 3 times, then reports attempt 4 and returns the 401 (product.md#limits)', async () => {
    const { fetch, calls } = mockFetch({ 'GET /api/dashboard/stats': () => json(401, { message: 'Unauthorized' }) });
    const attempts: number[] = [];
    const api = createApi({
      baseUrl: BASE,
      fetch,
      getAuth: () => ({ token: 't', federated: true }),
      onUnauthorized: ({ attempt }) => {
        attempts.push(attempt);
        return true;
      },
    });
    const result = await api.GET('/dashboard/stats');
    expect(result.response.status).toBe(401);
    expect(result.error).toEqual({ message: 'Unauthorized' });
    expect(attempts).toEqual([1, 2, 3, 4]);
    expect(calls).toHaveLength(4); // the call + 3 retries
  });

  it('does not retry when the handler declines (legacy user: logout)', async () => {
    const { fetch, calls } = mockFetch({ 'GET /api/dashboard/stats': () => json(401, { message: 'Unauthorized' }) });
    const onUnauthorized = vi.fn(() => false);
    const api = createApi({ baseUrl: BASE, fetch, getAuth: () => ({ token: 't', federated: false }), onUnauthorized });
    const result = await api.GET('/dashboard/stats');
    expect(result.response.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
  });

  it('does not report a 401 of sign-in or company settings (product.md#messages)', async () => {
    const { fetch } = mockFetch({
      'POST /api/auth/signin': () => json(401, { message: 'Invalid email or password' }),
      'GET /api/companies/3/settings': () => json(401, { message: 'Unauthorized' }),
    });
    const onUnauthorized = vi.fn(() => true);
    const api = createApi({ baseUrl: BASE, fetch, getAuth: () => ({ token: 't', federated: true }), onUnauthorized });
    const signIn = await api.POST('/auth/signin', { body: { email: 'a@b.co', password: 'x' } });
    await api.GET('/companies/{id}/settings', { params: { path: { id: 3 } } });
    expect(signIn.error).toEqual({ message: 'Invalid email or password' });
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('treats 200–399 as success and 4xx/5xx as errors (product.md#messages)', async () => {
    const { fetch } = mockFetch({
      'GET /api/lessons/types': () => json(302, { data: [{ id: 1, code: 'meeting', name: 'Meeting' }] }),
      'GET /api/timezones/us': () => json(500, { message: 'System error' }),
    });
    const api = createApi({ baseUrl: BASE, fetch });
    const ok = await api.GET('/lessons/types');
    expect(ok.response.status).toBe(200);
    expect(ok.data?.data).toHaveLength(1);
    const failed = await api.GET('/timezones/us');
    expect(failed.error).toEqual({ message: 'System error' });
    expect(() => unwrap(failed)).toThrow(ApiError);
  });

  it('logs and rejects on a network error', async () => {
    const logError = vi.fn();
    const api = createApi({
      baseUrl: BASE,
      fetch: async () => {
        throw new TypeError('Failed to fetch');
      },
      logError,
    });
    await expect(api.GET('/timezones/us')).rejects.toThrow('Failed to fetch');
    expect(logError).toHaveBeenCalledWith(expect.stringContaining('GET'), expect.any(TypeError));
  });
});
