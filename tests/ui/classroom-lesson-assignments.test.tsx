import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { toaster } from '@/components/ui/toast';
import { json } from '../machines/fetch-mock';
import { FakeXhr } from './course-editor-fakes';
import { classroom, detailOf, lessonOf } from './classroom-fixtures';
import { page, renderLesson, restoreMocksAfterEach, submission, toastTitle } from './classroom-lesson-shared';

restoreMocksAfterEach();

describe('lesson page: assignment (product.md#calls, #messages toasts)', () => {
  const lesson = lessonOf(504, 'Todo app report', 'assignment', { points: 100, deadline: '2031-03-10T04:00:00Z' });
  const detail = detailOf(lesson, { contentHtml: '<p>Write a report on your todo app.</p>' });
  const pdf = () => new File([new Uint8Array(4096)], 'report.pdf', { type: 'application/pdf' });

  beforeEach(() => {
    FakeXhr.last = null;
    FakeXhr.count = 0;
    (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
  });

  const choose = (file: File) =>
    fireEvent.change(screen.getByLabelText('Your document'), { target: { files: [file] } });
  /** Chooses `file` and presses Submit under it (a first submission: no confirmation). */
  const chooseAndSubmit = (file: File) => {
    choose(file);
    fireEvent.click(
      within(screen.getByRole('region', { name: 'Chosen file' })).getByRole('button', { name: 'Submit' }),
    );
  };

  it('shows the history with grade and comment, uploads with progress and toasts the success', async () => {
    const graded = submission({
      id: 70,
      status: 'DONE',
      grade: 92,
      comment: 'Well structured; add tests next time.',
      submittedAt: '2031-03-04T10:00:00Z',
    });
    const mock = await renderLesson(detail, { 'GET /api/assignments/504/submissions': () => page([graded]) });
    const history = await screen.findByRole('region', { name: 'Your submissions' });
    expect(await within(history).findByText('Grade: 92 / 100')).toBeInTheDocument();
    expect(within(history).getByText(/Well structured; add tests next time\./)).toBeInTheDocument();
    expect(mock.calls[0]!.path).toBe('/api/assignments/504/submissions?sessionId=41&page=1&pageSize=100');

    choose(pdf());
    const chosen = screen.getByRole('region', { name: 'Chosen file' });
    expect(within(chosen).getByText('report.pdf')).toBeInTheDocument();
    expect(within(chosen).getByText('4.1 kB · application/pdf')).toBeInTheDocument();
    expect(FakeXhr.count).toBe(0);
    fireEvent.click(within(chosen).getByRole('button', { name: 'Submit' }));
    // Handed in before: a new version is confirmed first.
    const confirm = await screen.findByRole('alertdialog', { name: 'Hand in a new version?' });
    expect(FakeXhr.count).toBe(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Submit the new version' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    const xhr = FakeXhr.last!;
    expect([xhr.method, xhr.url]).toEqual(['POST', '/api/assignments/504/submissions']);
    expect(xhr.headers.Authorization).toBe('Bearer jwt-learner');
    expect(xhr.body!.get('sessionId')).toBe('41');
    expect((xhr.body!.get('document') as File).name).toBe('report.pdf');
    act(() => xhr.progress(1024, 4096));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');

    act(() =>
      xhr.respond(201, {
        data: submission({ id: 78, document: { url: '/uploads/submissions/78.pdf', fileName: 'report.pdf' } }),
      }),
    );
    expect(await toastTitle('Assignment submitted successfully')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    const items = within(history).getAllByTestId('submission');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link', { name: 'report.pdf' })).toBeInTheDocument();
    expect(within(items[0]!).getByText('Not graded yet')).toBeInTheDocument();
    expect(screen.getAllByText('Submitted').length).toBeGreaterThan(0);
  });

  it("a refusal with field errors toasts the first field error; without, 'Cannot submit assignment!'", async () => {
    await renderLesson(detail, { 'GET /api/assignments/504/submissions': () => page([]) });
    expect(await screen.findByText('Nothing submitted yet.')).toBeInTheDocument();

    chooseAndSubmit(pdf());
    act(() =>
      FakeXhr.last!.respond(400, {
        message: 'Some fields are invalid',
        errors: [{ path: 'document', message: 'is an empty file' }],
      }),
    );
    expect(await toastTitle('document is an empty file')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('document is an empty file');

    act(() => toaster.remove());
    chooseAndSubmit(pdf());
    act(() => FakeXhr.last!.respond(409, { message: 'The deadline for this lesson has passed' }));
    expect(await toastTitle('Cannot submit assignment!')).toBeInTheDocument();
    expect(screen.getByText('The deadline for this lesson has passed')).toBeInTheDocument();
    expect(screen.getByText('Nothing submitted yet.')).toBeInTheDocument();
  });

  it('refuses a file of the wrong type when it is chosen, before offering to send it', async () => {
    await renderLesson(detail, { 'GET /api/assignments/504/submissions': () => page([]) });
    choose(new File(['x'], 'virus.exe'));
    expect(await toastTitle('Cannot submit assignment!')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('File type must be pdf, doc, docx, xls, xlsx, ppt, pptx, zip');
    expect(screen.queryByRole('region', { name: 'Chosen file' })).not.toBeInTheDocument();
    expect(FakeXhr.count).toBe(0);
  });

  it('a chosen file waits for Submit: Cancel drops it, and keeping the earlier submission sends nothing', async () => {
    await renderLesson(detail, { 'GET /api/assignments/504/submissions': () => page([submission()]) });
    expect(await screen.findByRole('link', { name: 'todo-app-report.pdf' })).toBeInTheDocument();

    choose(pdf());
    fireEvent.click(
      within(screen.getByRole('region', { name: 'Chosen file' })).getByRole('button', { name: 'Cancel' }),
    );
    expect(screen.queryByRole('region', { name: 'Chosen file' })).not.toBeInTheDocument();

    choose(pdf());
    fireEvent.click(
      within(screen.getByRole('region', { name: 'Chosen file' })).getByRole('button', { name: 'Submit' }),
    );
    const confirm = await screen.findByRole('alertdialog', { name: 'Hand in a new version?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Keep my earlier submission' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'Chosen file' })).toBeInTheDocument();
    expect(FakeXhr.count).toBe(0);
  });

  it('a file chosen before the history has loaded waits for it, then still asks to confirm a new version', async () => {
    let release: (response: Response) => void = () => {};
    await renderLesson(detail, {
      'GET /api/assignments/504/submissions': () => new Promise<Response>((resolve) => (release = resolve)),
    });
    choose(pdf());
    const chosen = screen.getByRole('region', { name: 'Chosen file' });
    const send = within(chosen).getByRole('button', { name: 'Submit' });
    expect(send).toBeDisabled();
    expect(within(chosen).getByRole('status')).toHaveTextContent('Checking your earlier submissions…');
    fireEvent.click(send);
    expect(FakeXhr.count).toBe(0);

    await act(async () => release(page([submission()])));
    await waitFor(() => expect(send).toBeEnabled());
    fireEvent.click(send);
    expect(await screen.findByRole('alertdialog', { name: 'Hand in a new version?' })).toBeInTheDocument();
    expect(FakeXhr.count).toBe(0);
  });

  it("a failed history toasts 'Cannot get Submissions!' and offers to try again", async () => {
    let calls = 0;
    await renderLesson(detail, {
      'GET /api/assignments/504/submissions': () =>
        ++calls === 1 ? json(500, { message: 'Boom' }) : page([submission()]),
    });
    expect(await toastTitle('Cannot get Submissions!')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'todo-app-report.pdf' })).toBeInTheDocument();
  });

  it("educators see the session's submissions with learners' names, without the upload", async () => {
    await renderLesson(
      detail,
      { 'GET /api/assignments/504/submissions': () => page([submission()]) },
      { data: { ...classroom, viewerRole: 'EDUCATOR' } },
    );
    const list = await screen.findByRole('region', { name: 'Submissions' });
    expect(await within(list).findByText(/Omar Haddad/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Your document')).not.toBeInTheDocument();
  });
});
