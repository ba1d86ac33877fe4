import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable, dataCell, dataRow } from '@/components/ui/data-table';
import { renderWithRouter } from './render';

describe('DataTable on phones', () => {
  it("gives the card layout each column's name (actions unnamed) and keeps the header for screen readers", async () => {
    await renderWithRouter(
      <DataTable label="Members" columns={['Name', 'E-mail', 'Role']} actions>
        <tr className={dataRow}>
          <td className={dataCell}>Salma Idrissi</td>
          <td className={dataCell}>salma@example.org</td>
          <td className={dataCell}>Educator</td>
          <td className={dataCell}>
            <button type="button">Remove</button>
          </td>
        </tr>
      </DataTable>,
    );
    const frame = screen.getByRole('region', { name: 'Members' });
    expect(frame.style.getPropertyValue('--dt-col-1')).toBe('"Name"');
    expect(frame.style.getPropertyValue('--dt-col-2')).toBe('"E-mail"');
    expect(frame.style.getPropertyValue('--dt-col-3')).toBe('"Role"');
    expect(frame.style.getPropertyValue('--dt-col-4')).toBe('""');
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Name',
      'E-mail',
      'Role',
      'Actions',
    ]);
  });
});
