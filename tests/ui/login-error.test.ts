import { i18n } from '@lingui/core';
import { beforeEach, describe, expect, it } from 'vitest';
import { loginErrorText } from '@/features/auth/messages';
import { activateLocale } from './render';

beforeEach(() => activateLocale('en'));

describe('what the sign-in page says when signing in fails', () => {
  it("a refusal without a message: 'Invalid credentials'; with one: the server's message", () => {
    expect(loginErrorText(i18n, { code: 'auth.signInFailed', status: 401 })).toBe('Invalid credentials');
    expect(loginErrorText(i18n, { code: 'auth.signInFailed', status: 403, message: 'Your account was rejected' })).toBe(
      'Your account was rejected',
    );
  });

  it("a server error or no answer: 'System error please try later !', never 'Invalid credentials'", () => {
    for (const status of [500, 502, 503, 0]) {
      expect(loginErrorText(i18n, { code: 'auth.signInFailed', status })).toBe('System error please try later !');
      expect(loginErrorText(i18n, { code: 'auth.signInFailed', status, message: 'Internal Server Error' })).toBe(
        'System error please try later !',
      );
    }
  });

  it('in Arabic too', () => {
    activateLocale('ar');
    expect(loginErrorText(i18n, { code: 'auth.signInFailed', status: 500 })).toBe(
      'خطأ في النظام، يرجى المحاولة لاحقًا!',
    );
  });
});
