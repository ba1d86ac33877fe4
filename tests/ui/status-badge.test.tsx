import { I18nProvider } from '@lingui/react';
import { i18n } from '@lingui/core';
import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { StatusBadge, statusTone } from '@/components/ui/badge';

beforeEach(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));

describe('status badge colours (product.md#states)', () => {
  it.each([
    ['APPROVED', 'green'],
    ['ACTIVE', 'green'],
    ['PUBLISHED', 'green'],
    ['AUTOGRADED', 'green'],
    ['DONE', 'green'],
    ['PENDING', 'yellow'],
    ['SUBMITTED', 'yellow'],
    ['REJECTED', 'red'],
    ['EXPIRED', 'red'],
    ['UNPUBLISHED', 'red'],
    ['DRAFT', 'red'],
  ])('%s is %s', (status, tone) => {
    expect(statusTone(status)).toBe(tone);
    render(
      <I18nProvider i18n={i18n}>
        <StatusBadge status={status} />
      </I18nProvider>,
    );
    const label = status.charAt(0) + status.slice(1).toLowerCase();
    const badge = screen.getByText(label);
    expect(badge).toHaveAttribute('data-tone', tone);
  });

  it('accepts lower-case statuses and shows unknown ones as grey, untranslated', () => {
    expect(statusTone('approved')).toBe('green');
    render(
      <I18nProvider i18n={i18n}>
        <StatusBadge status="ARCHIVED" />
      </I18nProvider>,
    );
    expect(screen.getByText('ARCHIVED')).toHaveAttribute('data-tone', 'gray');
  });
});
