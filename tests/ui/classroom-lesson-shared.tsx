// Shared setup of the classroom lesson page tests: rendering a lesson with a mocked API, submissions and toasts.
import { screen } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { Toaster } from '@/components/ui/toast';
import { ClassroomLessonPage } from '@/features/classroom/lesson-page';
import type { components } from '@contract/schema';
import { json, type Handler } from '../machines/fetch-mock';
import { at, classroom, learnerApi } from './classroom-fixtures';
import { renderWithRouter } from './render';

type Detail = components['schemas']['ClassroomLessonDetail'];
type Submission = components['schemas']['Submission'];

const VIEWER_ZONE = 'Asia/Riyadh';

/**
 * Restores the spied functions after each test of the file that calls it. Each test file calls it:
 * vitest runs the files without isolation, so a hook at this module's top level would reach only
 * the first file that imports it.
 */
export function restoreMocksAfterEach() {
  afterEach(() => {
    vi.restoreAllMocks();
  });
}

/** Renders the lesson page for `detail` with the mocked `routes`; answers the fetch mock. */
export async function renderLesson(
  detail: Detail,
  routes: Record<string, Handler> = {},
  { now = at('2031-03-01T12:00:00Z'), data = classroom } = {},
) {
  const { mock, api } = learnerApi(routes);
  await renderWithRouter(
    <>
      <ClassroomLessonPage
        classroom={data}
        detail={detail}
        api={api}
        getAuth={() => ({ token: 'jwt-learner', federated: false })}
        now={now}
        viewerTimeZone={VIEWER_ZONE}
      />
      <Toaster />
    </>,
  );
  return mock;
}

/** How long a lazily loaded lesson player may take to appear (ms). */
export const LAZY_CHUNK_MS = 10_000;

/** Finds a toast by its title text. */
export const toastTitle = (text: string) => screen.findByText(text, { selector: '[data-part=title]' });

/** A submission of the learner, with `extra` fields. */
export function submission(extra: Partial<Submission> = {}): Submission {
  return {
    id: 77,
    assignmentId: 504,
    sessionId: 41,
    kind: 'DOCUMENT',
    learner: { id: 21, name: 'Omar Haddad', pictureUrl: null },
    document: { url: '/uploads/submissions/77.pdf', fileName: 'todo-app-report.pdf' },
    code: null,
    results: null,
    status: 'SUBMITTED',
    grade: null,
    points: 100,
    late: false,
    comment: null,
    submittedAt: '2031-03-05T20:15:00Z',
    gradedAt: null,
    ...extra,
  };
}

/** A one-page answer listing `items`. */
export const page = (items: Submission[]) =>
  json(200, { data: { items, total: items.length, page: 1, pageSize: 100 } });
