import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import {
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
  Outlet,
  RouterProvider,
} from '@tanstack/react-router';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { courseHeadText, sessionHeadText } from '@contract/page-heads';
import { DefaultHead, useSalesPageHead } from '@/lib/document-head';
import { Route as CourseRoute } from '@/routes/courses/$courseId';
import { Route as SessionRoute } from '@/routes/sessions/$sessionId';
import { Route as InvitationRoute } from '@/routes/invitations/$token';
import { Route as SsoRoute } from '@/routes/sso.$provider';
import { activateLocale } from './render';

const course = { title: 'Intro to Algorithms', description: 'Sorting, graphs and dynamic programming, live.' };

describe('page flags', () => {
  it('the course and session pages are sales pages; the sign-in callback and invitation pages hide header and footer', () => {
    expect(CourseRoute.options.staticData?.salesPage).toBe(true);
    expect(SessionRoute.options.staticData?.salesPage).toBe(true);
    expect(InvitationRoute.options.staticData?.hideHeaderFooter).toBe(true);
    expect(SsoRoute.options.staticData?.hideHeaderFooter).toBe(true);
  });

  it("a sales page keeps the server's title and description (no default title or meta over them)", async () => {
    activateLocale('en');
    // As the server sent the page (server/modules/pages).
    const head = courseHeadText(course);
    document.title = head.title;
    const meta = document.createElement('meta');
    meta.name = 'description';
    meta.content = head.description;
    document.head.appendChild(meta);

    const root = createRootRoute({
      component: () => (
        <>
          <DefaultHead />
          <Outlet />
        </>
      ),
    });
    const page = createRoute({
      getParentRoute: () => root,
      path: '/courses/$courseId',
      staticData: CourseRoute.options.staticData,
      component: function Page() {
        useSalesPageHead(courseHeadText(course));
        return <h1>{course.title}</h1>;
      },
    });
    const router = createRouter({
      routeTree: root.addChildren([page]),
      history: createMemoryHistory({ initialEntries: ['/courses/7'] }),
    });
    await router.load();
    render(
      <I18nProvider i18n={i18n}>
        <RouterProvider router={router} />
      </I18nProvider>,
    );
    await waitFor(() => expect(document.title).toBe('Intro to Algorithms · Halaqa'));
    const description = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    expect(description?.content).toBe('Sorting, graphs and dynamic programming, live.');
  });

  it("the session page's head is the server's: course title with the session's dates", () => {
    expect(
      sessionHeadText(course, { startDate: '2026-12-01', endDate: '2027-01-31', educator: { name: 'Karim' } }),
    ).toEqual({
      title: 'Intro to Algorithms (2026-12-01 – 2027-01-31) · Halaqa',
      description: '2026-12-01 – 2027-01-31, Karim. Sorting, graphs and dynamic programming, live.',
    });
  });
});
