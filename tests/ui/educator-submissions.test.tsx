import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { SessionSubmissionsPage } from '@/features/educator/session-submissions-page';
import { createApi } from '@/lib/api/client';
import { json, mockFetch, type Handler } from '../machines/fetch-mock';
import { pageOf, session41, submissions } from './educator-fixtures';
import { renderWithRouter } from './render';

async function renderPage(routes: Record<string, Handler>) {
  const mock = mockFetch(routes);
  const api = createApi({ baseUrl: 'http://localhost/api', fetch: mock.fetch });
  await renderWithRouter(
    <>
      <SessionSubmissionsPage session={session41} api={api} />
      <Toaster />
    </>,
  );
  return mock;
}

const listed: Handler = () => json(200, pageOf(submissions));

/** The body rows of the submissions table (each names its learner in a row header). */
async function rows() {
  await screen.findByRole('table');
  return screen.getAllByTestId('submission-row');
}

function toast(title: string) {
  return screen.findByText(title, { selector: '[data-part=title]' });
}

describe('session submissions: the list (product.md#screens submissions and grading)', () => {
  it('lists every submission, ungraded first, with the work, time, late and status badges and grade', async () => {
    const mock = await renderPage({ 'GET /api/sessions/41/submissions': listed });
    const all = await rows();
    expect(all).toHaveLength(3);
    expect(mock.calls[0]!.path).toBe('/api/sessions/41/submissions?page=1&pageSize=100');

    // The ungraded (late) report comes first, then the graded ones newest first.
    const [first, second, third] = all as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(first).getByRole('rowheader').textContent).toBe('Lina Amrani');
    expect(within(first).getByText('Late')).toBeInTheDocument();
    expect(within(first).getByText('Submitted', { selector: '[data-status]' })).toBeInTheDocument();
    expect(within(first).getByText('Not graded (out of 100)')).toBeInTheDocument();
    const link = within(first).getByRole('link', { name: /lina-report\.pdf/ });
    expect(link).toHaveAttribute('href', '/uploads/submissions/79.pdf');
    expect(link).toHaveAttribute('target', '_blank');
    // Submitted at, in the session's time zone (14:30 UTC = 10:30 AM in New York).
    expect(within(first).getByText(/March, 11th 2031 · 10:30 AM/)).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: /^Add grade/ })).toBeInTheDocument();

    // The code submission: the code in a <pre> and the per-test results.
    expect(within(second).getByText('FizzBuzz')).toBeInTheDocument();
    expect(within(second).getByText(/1 of 2 tests passed/)).toBeInTheDocument();
    expect(within(second).getByLabelText('Submitted code').tagName).toBe('PRE');
    expect(within(second).getByLabelText('Submitted code')).toHaveTextContent('function fizzBuzz(n)');
    const results = within(second).getByRole('list', { name: 'Test results' });
    expect(within(results).getAllByRole('listitem')).toHaveLength(2);
    expect(within(results).getByText('Failed')).toBeInTheDocument();
    expect(within(results).getByText('Expected "Fizz", got "3"')).toBeInTheDocument();
    expect(within(second).getByText('50 / 100')).toBeInTheDocument();

    expect(within(third).getByRole('rowheader').textContent).toBe('Omar Haddad');
    expect(within(third).getByText('92 / 100')).toBeInTheDocument();
    expect(within(third).getByRole('button', { name: /^Edit grade/ })).toBeInTheDocument();

    expect(screen.getByRole('heading', { name: '3 submissions' })).toBeInTheDocument();
    expect(screen.getByText(/1 to grade/)).toBeInTheDocument();
    // The session's tabs: this page is the current one.
    const tabs = screen.getByRole('navigation', { name: 'Session pages' });
    expect(within(tabs).getByRole('link', { name: 'Submissions' })).toHaveAttribute('aria-current', 'page');
  });

  it('filters by lesson and by status, and clears the filters', async () => {
    await renderPage({ 'GET /api/sessions/41/submissions': listed });
    await rows();
    const lesson = screen.getByRole('combobox', { name: 'Lesson' });
    const status = screen.getByRole('combobox', { name: 'Status' });
    expect(
      within(lesson)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['All lessons', 'FizzBuzz', 'Todo app report']);

    fireEvent.change(lesson, { target: { value: '503' } });
    expect(screen.getAllByTestId('submission-row').map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Lina Amrani',
      'Omar Haddad',
    ]);

    fireEvent.change(status, { target: { value: 'DONE' } });
    expect(screen.getAllByTestId('submission-row').map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Omar Haddad',
    ]);

    fireEvent.change(lesson, { target: { value: '504' } });
    expect(screen.queryAllByTestId('submission-row')).toHaveLength(0);
    expect(screen.getByText('No submission matches these filters')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(screen.getAllByTestId('submission-row')).toHaveLength(3);
  });
});

describe('session submissions: grading', () => {
  it('checks the grade, saves it, toasts "Grade edited!" and updates the list', async () => {
    const mock = await renderPage({
      'GET /api/sessions/41/submissions': listed,
      'PATCH /api/submissions/79': async (request) => {
        const body = (await request.json()) as { grade: number; comment: string | null };
        return json(200, { data: { ...submissions[0]!, ...body, status: 'DONE', gradedAt: '2031-03-12T10:00:00Z' } });
      },
    });
    const [first] = await rows();
    fireEvent.click(within(first!).getByRole('button', { name: /^Add grade/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Grade the submission' });
    expect(dialog).toHaveTextContent('Lina Amrani');
    const grade = within(dialog).getByRole('textbox', { name: /Grade/ });
    const comment = within(dialog).getByRole('textbox', { name: /Comment/ });

    // Above the assignment's points: refused on the client, nothing sent.
    fireEvent.input(grade, { target: { value: '150' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save grade' }));
    expect(await within(dialog).findByText('The grade cannot exceed 100 points.')).toBeInTheDocument();
    expect(grade).toHaveAttribute('aria-invalid', 'true');
    fireEvent.input(grade, { target: { value: '' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save grade' }));
    expect(await within(dialog).findByText('Enter a grade.')).toBeInTheDocument();
    expect(mock.calls.filter((c) => c.method === 'PATCH')).toHaveLength(0);

    fireEvent.input(grade, { target: { value: '85.5' } });
    fireEvent.input(comment, { target: { value: 'Clear and complete.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save grade' }));
    expect(await toast('Grade edited!')).toBeInTheDocument();
    const patch = mock.calls.find((c) => c.method === 'PATCH')!;
    expect(patch.path).toBe('/api/submissions/79');
    expect(JSON.parse(patch.body!)).toEqual({ grade: 85.5, comment: 'Clear and complete.' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // The list holds the graded submission: its grade, DONE, and nothing is left to grade.
    await waitFor(() => expect(screen.getByText('85.5 / 100')).toBeInTheDocument());
    expect(screen.getByText('Everything is graded.', { exact: false })).toBeInTheDocument();
    const saved = screen.getByText('85.5 / 100').closest('tr')!;
    expect(within(saved).getByText('Done', { selector: '[data-status]' })).toBeInTheDocument();
    expect(within(saved).getByRole('button', { name: /^Edit grade/ })).toBeInTheDocument();
  });

  it('keeps the dialog open with the server message and field error on a 422', async () => {
    await renderPage({
      'GET /api/sessions/41/submissions': listed,
      'PATCH /api/submissions/77': () =>
        json(422, {
          message: "The grade cannot exceed the assignment's points (80)",
          errors: [{ path: 'grade', message: 'must be at most 80' }],
        }),
    });
    const all = await rows();
    fireEvent.click(within(all[2]!).getByRole('button', { name: /^Edit grade/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Grade the submission' });
    const grade = within(dialog).getByRole('textbox', { name: /Grade/ }) as HTMLInputElement;
    // Opened with the current grade and comment.
    expect(grade.value).toBe('92');
    expect((within(dialog).getByRole('textbox', { name: /Comment/ }) as HTMLTextAreaElement).value).toBe(
      'Well structured.',
    );
    fireEvent.input(grade, { target: { value: '95' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save grade' }));

    expect(await toast('Cannot edit grade!')).toBeInTheDocument();
    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain("The grade cannot exceed the assignment's points (80)");
    expect(within(dialog).getByText('must be at most 80')).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBe(dialog);
    expect(grade.value).toBe('95');
    // The list still shows the old grade.
    expect(screen.getByText('92 / 100')).toBeInTheDocument();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('session submissions: empty and failed', () => {
  it('says "No submissions yet" when nothing was handed in', async () => {
    await renderPage({ 'GET /api/sessions/41/submissions': () => json(200, pageOf([])) });
    expect(await screen.findByText('No submissions yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("toasts 'Cannot get Submissions!' on a failure and loads again on retry", async () => {
    const mock = await renderPage({
      'GET /api/sessions/41/submissions': (_request, call) =>
        call === 1 ? json(500, { message: 'Database unavailable' }) : listed(_request, call),
    });
    expect(await toast('Cannot get Submissions!')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable', { selector: 'p' })).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rows()).toHaveLength(3);
    expect(mock.calls.filter((c) => c.method === 'GET')).toHaveLength(2);
  });
});
