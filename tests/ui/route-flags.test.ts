import { describe, expect, it } from 'vitest';
import { federatedSignInHref } from '@/lib/route-flags';

describe('?sign-in-with-redirect=MA|QA on any page', () => {
  it('sends a visitor on a course page to the directory sign-in, coming back to that page', () => {
    const href = federatedSignInHref('/courses/7', '?lang=ar&sign-in-with-redirect=QA&tab=reviews');
    const url = new URL(href ?? '', 'http://x');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('sign-in-with-redirect')).toBe('QA');
    expect(url.searchParams.get('redirect')).toBe('/courses/7?lang=ar&tab=reviews');
    expect(url.searchParams.get('lang')).toBe('ar');
  });

  it('from the home page, the way back is the home page', () => {
    expect(federatedSignInHref('/', 'sign-in-with-redirect=MA')).toBe('/login?sign-in-with-redirect=MA&redirect=%2F');
  });

  it('does nothing on /login (which starts it itself), without the flag, or with an unknown directory', () => {
    expect(federatedSignInHref('/login', '?sign-in-with-redirect=MA')).toBeNull();
    expect(federatedSignInHref('/courses', '?lang=en')).toBeNull();
    expect(federatedSignInHref('/courses', '?sign-in-with-redirect=XX')).toBeNull();
  });
});
