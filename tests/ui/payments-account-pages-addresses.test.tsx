import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { AddressesPage } from '@/features/payments/addresses-page';
import { json } from '../machines/fetch-mock';
import { renderWithRouter } from './render';
import { apiWith, bodies } from './payments-account-pages-shared';

describe('addresses page', () => {
  /** The Rabat address's fields (no id, no default flag). */
  const rabat = { line1: '1 Rue de Fès', line2: null, city: 'Rabat', state: null, postalCode: '10000', country: 'MA' };
  const saved = [
    { id: 6, ...rabat, isDefault: false },
    {
      id: 5,
      line1: '120 Main Street',
      line2: 'Suite 4',
      city: 'Boston',
      state: 'MA',
      postalCode: '02110',
      country: 'US',
      isDefault: true,
    },
  ];

  it('lists the addresses default first with the country name', async () => {
    const { api } = apiWith({});
    await renderWithRouter(<AddressesPage addresses={saved} api={api} onChanged={() => {}} />);
    const articles = screen.getAllByRole('article');
    expect(within(articles[0]!).getByText('120 Main Street')).toBeInTheDocument();
    expect(within(articles[0]!).getByText('Default')).toBeInTheDocument();
    expect(within(articles[0]!).getByText('United States')).toBeInTheDocument();
    expect(within(articles[1]!).getByText('Morocco')).toBeInTheDocument();
  });

  it('checks the fields, adds the address and resets the form', async () => {
    const onChanged = vi.fn();
    const { mock, api } = apiWith({
      'POST /api/users/me/addresses': () => json(201, { data: { ...saved[0], id: 7 } }),
    });
    await renderWithRouter(
      <>
        <AddressesPage addresses={[]} api={api} onChanged={onChanged} />
        <Toaster />
      </>,
    );
    expect(screen.getByText('No addresses yet')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add address' }));
    expect(screen.getByText('Enter the street address.')).toBeInTheDocument();
    expect(screen.getByText('Enter the two-letter country code, e.g. US or MA.')).toBeInTheDocument();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: /Street address/ }));
    expect(mock.calls).toHaveLength(0);

    fireEvent.input(screen.getByRole('textbox', { name: /Street address/ }), { target: { value: ' 1 Rue de Fès ' } });
    fireEvent.input(screen.getByRole('textbox', { name: /^City/ }), { target: { value: 'Rabat' } });
    fireEvent.input(screen.getByRole('textbox', { name: /Postal code/ }), { target: { value: '10000' } });
    fireEvent.input(screen.getByRole('textbox', { name: /Country code/ }), { target: { value: 'ma' } });
    expect(screen.getByText('Morocco')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Make this my default address' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add address' }));
    await screen.findByText('Address added');
    expect(bodies(mock, 'POST', '/api/users/me/addresses').map((c) => c.body)).toEqual([
      // The Rabat address as saved, without its id, made the default.
      { ...rabat, isDefault: true },
    ]);
    await waitFor(() =>
      expect((screen.getByRole('textbox', { name: /Street address/ }) as HTMLInputElement).value).toBe(''),
    );
    expect(onChanged).toHaveBeenCalledTimes(1);
  });

  it('shows the server field errors on their fields', async () => {
    const { api } = apiWith({
      'POST /api/users/me/addresses': () =>
        json(400, { message: 'Validation failed', errors: [{ path: 'postalCode', message: 'is too long' }] }),
    });
    await renderWithRouter(<AddressesPage addresses={[]} api={api} onChanged={() => {}} />);
    fireEvent.input(screen.getByRole('textbox', { name: /Street address/ }), { target: { value: '1 Main' } });
    fireEvent.input(screen.getByRole('textbox', { name: /^City/ }), { target: { value: 'Doha' } });
    fireEvent.input(screen.getByRole('textbox', { name: /Postal code/ }), { target: { value: '1234567890123' } });
    fireEvent.input(screen.getByRole('textbox', { name: /Country code/ }), { target: { value: 'QA' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add address' }));
    await screen.findByText('is too long');
    expect(screen.getByRole('textbox', { name: /Postal code/ })).toHaveAttribute('aria-invalid', 'true');
  });
});
