import { fireEvent, screen, waitFor } from '@testing-library/react';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ExplorePage } from '@/features/catalog/explore-page';
import { exploreSearchSchema } from '@/features/catalog/explore-search';
import { renderWithRouter } from './render';

const languages = [
  { id: 1, code: 'en', name: 'English' },
  { id: 2, code: 'ar', name: 'Arabic' },
];
const data = { items: [], total: 0, page: 1, pageSize: 12, categories: [], languages };

describe('the catalog sort and filters in the URL', () => {
  it('keeps valid values, drops invalid ones and crossed pairs', () => {
    expect(
      v.parse(exploreSearchSchema, {
        sort: 'price_desc',
        languageId: '2',
        minPrice: '10.5',
        maxPrice: 99,
        startFrom: '2030-01-01',
        startTo: '2030-02-01',
      }),
    ).toMatchObject({ sort: 'price_desc', languageId: 2, minPrice: 10.5, maxPrice: 99, startFrom: '2030-01-01' });
    const bad = v.parse(exploreSearchSchema, {
      sort: 'cheapest',
      languageId: '-1',
      minPrice: '1.999',
      startFrom: '2030-02-30',
    });
    expect([bad.sort, bad.languageId, bad.minPrice, bad.startFrom]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
    const crossed = v.parse(exploreSearchSchema, {
      minPrice: 50,
      maxPrice: 10,
      startFrom: '2030-03-01',
      startTo: '2030-01-01',
    });
    expect([crossed.minPrice, crossed.maxPrice, crossed.startFrom, crossed.startTo]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('shows the sort, language and "free only" of the URL, in Arabic', async () => {
    await renderWithRouter(<ExplorePage data={data} search={{ sort: 'price_asc', languageId: 2, maxPrice: 0 }} />, {
      locale: 'ar',
    });
    expect(screen.getByRole('combobox', { name: 'الترتيب حسب' })).toHaveValue('price_asc');
    expect(screen.getByRole('option', { name: 'السعر: من الأقل إلى الأعلى' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'اللغة' })).toHaveValue('2');
    expect(screen.getByRole('checkbox', { name: 'الدورات المجانية فقط' })).toBeChecked();
  });

  it('opens the price and date filters from a button and refuses a lowest price above the highest on its field', async () => {
    await renderWithRouter(<ExplorePage data={data} search={{}} />);
    const more = screen.getByRole('button', { name: 'Price and dates' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    fireEvent.change(screen.getByRole('textbox', { name: 'Lowest price ($)' }), { target: { value: '50' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Highest price ($)' }), { target: { value: '10' } });
    fireEvent.submit(screen.getByRole('search', { name: 'Courses' }));
    await waitFor(() =>
      expect(screen.getByText('Enter an amount in dollars, no more than the maximum')).toBeInTheDocument(),
    );
    expect(screen.getByRole('textbox', { name: 'Lowest price ($)' })).toHaveFocus();
  });
});
