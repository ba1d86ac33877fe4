import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Link } from '@tanstack/react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { type LoginRecord } from '@machines/auth.machine';
import { Toaster, toaster } from '@/components/ui/toast';
import { CourseEditorScreen } from '@/features/course-editor/course-editor-page';
import { createApi } from '@/lib/api/client';
import { json, mockFetch } from '../machines/fetch-mock';
import { FakeXhr } from './course-editor-fakes';
import { renderWithRouter } from './render';
import { restoredAuth } from './auth-actor';

const FUTURE = '2999-01-01T00:00:00.000Z';
const educator: LoginRecord = {
  token: 'jwt',
  expiresAt: FUTURE,
  user: { id: 7, email: 'educator@halaqa.test', name: 'Salma Idrissi', role: 'EDUCATOR' },
  company: { id: 5, name: 'NCAI', acronym: 'NCAI' },
  federationAuth: false,
};

const signedIn = (record: LoginRecord) => restoredAuth(record);

const reference = {
  'GET /api/courses/categories': () =>
    json(200, { data: [{ id: 3, name: 'Web development', nameAr: 'تطوير الويب', courseCount: 4 }] }),
  'GET /api/languages': () =>
    json(200, {
      data: [
        { id: 1, code: 'en', name: 'English' },
        { id: 2, code: 'ar', name: 'Arabic' },
      ],
    }),
  'GET /api/skills': () =>
    json(200, {
      data: [
        { id: 4, name: 'React' },
        { id: 9, name: 'TypeScript' },
      ],
    }),
  'GET /api/lessons/types': () =>
    json(200, {
      data: [
        { id: 1, code: 'meeting', name: 'Meeting' },
        { id: 3, code: 'reading', name: 'Reading' },
      ],
    }),
  'GET /api/timezones/us': () => json(200, { data: [{ id: 'America/New_York', name: 'Eastern', offset: '-05:00' }] }),
};

/** Course 12 as `GET /courses/12/edit` answers: rejected, one saved lesson (id 501). */
const existingCourse = {
  id: 12,
  status: 'REJECTED',
  moderationMessage: 'Please add a syllabus.',
  title: 'Old title',
  courseCategoryId: 3,
  languageId: 2,
  description: 'Desc',
  about: '',
  price: 49,
  numHours: 10,
  difficultyLevel: 'ADVANCED',
  hasMultiInstructors: false,
  isPrivate: false,
  companyId: null,
  pictureId: 5,
  pictureUrl: '/uploads/5.png',
  videoId: null,
  videoUrl: null,
  courseSkills: [],
  requiredSkills: '',
  gainedSkills: '9',
  session: null,
  weeks: null,
  syllabus: [
    {
      week: 1,
      sections: [
        {
          name: 'Basics',
          order: 1,
          lessons: [{ id: 501, lessonTypeId: 3, name: 'Read', order: 1, duration: 20, link: null }],
        },
      ],
    },
  ],
};

async function renderEditor(
  routes: Parameters<typeof mockFetch>[0] = {},
  courseId?: number,
  { headerLink = false } = {},
) {
  const { fetch, calls } = mockFetch({ ...reference, ...routes });
  const api = createApi({ baseUrl: 'http://halaqa.test/api', fetch });
  const auth = await signedIn(educator);
  await renderWithRouter(
    <>
      <Toaster />
      {headerLink ? <Link to="/dashboard/courses">My courses</Link> : null}
      <CourseEditorScreen api={api} auth={auth} courseId={courseId} />
    </>,
  );
  await screen.findByRole('heading', { name: 'Course details' });
  return { calls };
}

const field = (name: string) =>
  screen.getByLabelText(name, { exact: false, selector: 'input, select, textarea' }) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.input(field(name), { target: { value } });

beforeEach(() => {
  FakeXhr.last = null;
  FakeXhr.count = 0;
  (globalThis as { XMLHttpRequest: unknown }).XMLHttpRequest = FakeXhr;
});
describe('CourseEditorScreen', () => {
  it('a new course: the spec defaults, every part of the form, no preview', async () => {
    await renderEditor();
    expect(screen.getByRole('heading', { level: 1, name: 'New course' })).toBeInTheDocument();
    expect((field('Language') as unknown as HTMLSelectElement).value).toBe('1');
    expect((field('Level') as unknown as HTMLSelectElement).value).toBe('BEGINNER');
    expect(field('Price (US dollars)').value).toBe('0');
    for (const heading of ['Skills', 'Picture and video', 'First session', 'Syllabus']) {
      expect(screen.getByRole('heading', { level: 2, name: heading })).toBeInTheDocument();
    }
    expect(screen.getByRole('checkbox', { name: /Private to NCAI/ })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Hide' })).toHaveProperty('checked', true);
    expect(screen.queryByTestId('learner-preview')).not.toBeInTheDocument();
  });

  it('saving an incomplete form shows the rule failures next to their fields and focuses the first', async () => {
    const { calls } = await renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(field('Title')).toHaveAttribute('aria-invalid', 'true');
    await waitFor(() => expect(document.activeElement).toBe(field('Title')));
    expect(screen.getAllByText('This field is required.').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByText('Upload a picture for the course.')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    // Errors go away as the fields are fixed.
    type('Title', 'React');
    expect(field('Title')).not.toHaveAttribute('aria-invalid');
  });

  it('builds the syllabus and reorders lessons with the keyboard buttons, announcing each move', async () => {
    await renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Add a section to week 1' }));
    type('Section 1 name (week 1)', 'Basics');
    for (const name of ['Intro', 'Hooks']) {
      fireEvent.click(screen.getByRole('button', { name: 'Add a lesson to Basics' }));
      const lessons = screen.getAllByTestId('syllabus-lesson');
      fireEvent.input(within(lessons.at(-1)!).getByLabelText(/Name of lesson/), { target: { value: name } });
    }
    const names = () =>
      screen
        .getAllByTestId('syllabus-lesson')
        .map((li) => (within(li).getByLabelText(/Name of lesson/) as HTMLInputElement).value);
    expect(names()).toEqual(['Intro', 'Hooks']);
    const down = screen.getByRole('button', { name: 'Move lesson “Intro” down' });
    fireEvent.click(down);
    expect(names()).toEqual(['Hooks', 'Intro']);
    expect(screen.getByTestId('syllabus-announcer').textContent).toBe(
      'Lesson “Intro” moved to position 2 of 2 in section “Basics”, week 1.',
    );
    // Focus stays with the moved lesson (its down button is now disabled: the up button).
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move lesson “Intro” up' })),
    );
    // A second week; the section moves into it with "down" past the end of week 1.
    fireEvent.click(screen.getByRole('button', { name: 'Add a week' }));
    fireEvent.click(screen.getByRole('button', { name: 'Move section “Basics” down' }));
    expect(screen.getByTestId('syllabus-announcer').textContent).toBe(
      'Section “Basics” moved to position 1 of 1 in week 2.',
    );
    expect(screen.getByText('No section in this week yet.')).toBeInTheDocument();
  });

  it('reorders sections by drag and drop', async () => {
    await renderEditor();
    for (const name of ['One', 'Two']) {
      fireEvent.click(screen.getByRole('button', { name: 'Add a section to week 1' }));
      const sections = screen.getAllByTestId('syllabus-section');
      fireEvent.input(within(sections.at(-1)!).getByLabelText(/Section \d name/), { target: { value: name } });
    }
    const handles = screen.getAllByTestId('section-handle');
    const sections = screen.getAllByTestId('syllabus-section');
    const dataTransfer = { setData: () => {}, effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(handles[1]!, { dataTransfer });
    fireEvent.dragOver(sections[0]!, { dataTransfer, clientY: 0 });
    fireEvent.drop(sections[0]!, { dataTransfer });
    const order = screen
      .getAllByTestId('syllabus-section')
      .map((li) => (within(li).getByLabelText(/Section \d name/) as HTMLInputElement).value);
    expect(order).toEqual(['Two', 'One']);
    expect(screen.getByTestId('syllabus-announcer').textContent).toBe(
      'Section “Two” moved to position 1 of 2 in week 1.',
    );
  });

  it('previews the course as a learner and as the instructor (links only for the instructor)', async () => {
    await renderEditor();
    type('Title', 'Modern React');
    fireEvent.click(screen.getByRole('button', { name: 'Add a section to week 1' }));
    type('Section 1 name (week 1)', 'Basics');
    fireEvent.click(screen.getByRole('button', { name: 'Add a lesson to Basics' }));
    fireEvent.input(screen.getByLabelText(/Name of lesson 1/), { target: { value: 'Docs' } });
    fireEvent.input(screen.getByLabelText('Link'), { target: { value: 'https://react.dev' } });
    fireEvent.click(screen.getByRole('radio', { name: 'As a learner' }));
    const learner = screen.getByTestId('learner-preview');
    expect(within(learner).getByRole('heading', { name: 'Modern React' })).toBeInTheDocument();
    expect(within(learner).getByText('Docs')).toBeInTheDocument();
    expect(within(learner).queryByRole('link', { name: 'Docs' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('radio', { name: 'As the instructor' }));
    const instructor = screen.getByTestId('instructor-preview');
    expect(within(instructor).getByRole('link', { name: 'Docs' })).toHaveAttribute('href', 'https://react.dev');
    fireEvent.click(screen.getByRole('radio', { name: 'Hide' }));
    expect(screen.queryByTestId('instructor-preview')).not.toBeInTheDocument();
  });

  it('uploads the picture with progress, submits the spec payload and toasts the creation', async () => {
    let sent: FormData | null = null;
    const { calls } = await renderEditor({
      'POST /api/courses': async (request) => {
        sent = await request.formData();
        return json(201, { data: { course: { id: 31, status: 'PENDING' }, session: null } });
      },
    });
    type('Title', 'Modern React');
    type('Short description', 'Build a React app.');
    fireEvent.change(field('Category'), { target: { value: '3' } });
    type('Live hours', '12');
    fireEvent.click(
      within(screen.getByRole('group', { name: 'Skills required' })).getByRole('checkbox', { name: 'React' }),
    );
    fireEvent.change(screen.getByLabelText(/^Course picture/), {
      target: { files: [new File([new Uint8Array(100)], 'cover.png', { type: 'image/png' })] },
    });
    expect(screen.getByRole('progressbar', { name: 'Uploading cover.png' })).toBeInTheDocument();
    expect(FakeXhr.last!.url).toBe('/api/courses/picture');
    expect(FakeXhr.last!.headers.Authorization).toBe('Bearer jwt');
    expect(screen.getByRole('button', { name: 'Save draft' })).toBeDisabled();
    act(() => FakeXhr.last!.progress(50, 100));
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
    await act(async () =>
      FakeXhr.last!.respond(201, { data: { id: 77, url: '/uploads/77.png', type: 'COURSEPICTURE' } }),
    );
    expect(await screen.findByRole('img', { name: 'Preview of cover.png' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    // The editor goes to the new course as it toasts, so this test's page (and its Toaster) is gone;
    // in the app the root layout's Toaster shows what the store holds.
    await waitFor(() =>
      expect(toaster.getVisibleToasts().map((t) => t.title)).toContain('A new course has been created successfuly !'),
    );
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('/api/courses');
    expect(sent!.get('action')).toBe('submit');
    expect(sent!.get('pictureId')).toBe('77');
    expect(sent!.get('requiredSkills[0]')).toBe('4');
    expect(sent!.get('recurring')).toBe('true');
    expect(sent!.get('weeks')).toBe('[]');
    expect(sent!.get('isPrivate')).toBe('false');
  });

  it('an existing course: its data, and the server field errors next to the fields after a refused update', async () => {
    const editorData = existingCourse;
    const { calls } = await renderEditor(
      {
        'GET /api/courses/12/edit': () => json(200, { data: editorData }),
        'POST /api/courses': () =>
          json(400, {
            message: 'Validation failed',
            errors: [
              { path: 'title', message: 'A course with this title exists' },
              { path: 'lessons[1][0][0][duration]', message: 'Too long for one lesson' },
            ],
          }),
      },
      12,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Old title' })).toBeInTheDocument();
    expect(screen.getByText('Please add a syllabus.')).toBeInTheDocument();
    expect(field('Price (US dollars)').value).toBe('49');
    const gained = screen.getByRole('group', { name: 'Skills gained' });
    expect((within(gained).getByRole('checkbox', { name: 'TypeScript' }) as HTMLInputElement).checked).toBe(true);
    expect(within(gained).getByRole('button', { name: 'Remove TypeScript' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('A course with this title exists')).toBeInTheDocument();
    expect(screen.getByText('Too long for one lesson')).toBeInTheDocument();
    expect(screen.getAllByText('Course update failed, try again !').length).toBeGreaterThanOrEqual(1);
    expect(calls.find((c) => c.method === 'POST')!.path).toBe('/api/courses?id=12');
    // A saved lesson links to its content; a lesson added since waits for the course to be saved.
    const edit = screen.getByRole('link', { name: 'Edit content of “Read”' });
    expect(edit).toHaveAttribute('href', '/courses/live/edit/lessons/501');
    expect(screen.queryByText('Save the course to edit its content.')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Add a lesson to Basics' }));
    expect(screen.getByText('Save the course to edit its content.')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /^Edit content/ })).toHaveLength(1);
    // A meeting's link is optional: left empty, the meeting opens its session's own room.
    const roomHint = "Optional: empty uses the session's own video room.";
    fireEvent.change(screen.getByRole('combobox', { name: 'Type of lesson 2' }), { target: { value: '3' } });
    expect(screen.queryByText(roomHint)).not.toBeInTheDocument();
    fireEvent.change(screen.getByRole('combobox', { name: 'Type of lesson 2' }), { target: { value: '1' } });
    expect(screen.getByText(roomHint)).toBeInTheDocument();
  });
  describe('unsaved changes', () => {
    const editor = () => screen.queryByRole('heading', { name: 'Course details' });

    it('following a link with unsaved edits asks first: staying keeps the edits, leaving goes', async () => {
      await renderEditor({ 'GET /api/courses/12/edit': () => json(200, { data: existingCourse }) }, 12);
      type('Title', 'New title');
      fireEvent.click(screen.getByRole('link', { name: 'Edit content of “Read”' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
      expect(
        within(dialog).getByText('Your changes to this course are not saved yet. They will be lost if you leave.'),
      ).toBeInTheDocument();
      fireEvent.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(field('Title').value).toBe('New title');
      expect(editor()).toBeInTheDocument();

      fireEvent.click(screen.getByRole('link', { name: 'Edit content of “Read”' }));
      fireEvent.click(
        within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Leave without saving' }),
      );
      // The router left the editor for the lesson's content.
      await waitFor(() => expect(editor()).not.toBeInTheDocument());
    });

    it('an edit undone, or no edit at all, leaves without asking', async () => {
      await renderEditor({}, undefined, { headerLink: true });
      type('Title', 'Draft');
      type('Title', '');
      fireEvent.click(screen.getByRole('link', { name: 'My courses' }));
      await waitFor(() => expect(editor()).not.toBeInTheDocument());
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });

    it('a header link asks too while a new course has edits', async () => {
      await renderEditor({}, undefined, { headerLink: true });
      fireEvent.click(
        within(screen.getByRole('group', { name: 'Skills required' })).getByRole('checkbox', { name: 'React' }),
      );
      fireEvent.click(screen.getByRole('link', { name: 'My courses' }));
      const dialog = await screen.findByRole('alertdialog', { name: 'Leave without saving?' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Stay on this page' }));
      await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
      expect(
        (
          within(screen.getByRole('group', { name: 'Skills required' })).getByRole('checkbox', {
            name: 'React',
          }) as HTMLInputElement
        ).checked,
      ).toBe(true);
    });

    it('after a successful save, the editor goes to the saved course without asking', async () => {
      await renderEditor(
        {
          'GET /api/courses/12/edit': () => json(200, { data: existingCourse }),
          'POST /api/courses': () => json(200, { data: { course: { id: 12, status: 'DRAFT' }, session: null } }),
        },
        12,
      );
      type('Title', 'New title');
      fireEvent.click(screen.getByRole('button', { name: 'Save draft' }));
      // The toast was shown; the redirect may already have unmounted it, so not `toBeInTheDocument`.
      expect(await screen.findByText('Course has been updated successfuly !')).toBeTruthy();
      // Redirected to /courses/live/edit?id=12 (outside this test's page): no question asked.
      await waitFor(() => expect(editor()).not.toBeInTheDocument());
      expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    });
  });
});
