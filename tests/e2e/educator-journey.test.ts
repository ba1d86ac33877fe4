import { describe, expect, it } from 'vitest';
import {
  BASE_URL,
  byLabel,
  expectAccessible,
  chromiumForThisFile,
  openPage as openContext,
  signIn,
  tr,
  trPattern,
} from './support.js';

/**
 * The authoring loop, in a real browser against the production build: an educator
 * writes a course (details, skills, picture, first session, a two-week syllabus) and submits it for
 * review; an admin approves its pending session from the moderation queue; a learner finds the
 * course in the catalog and reads the session's syllabus. Once in English at desktop width, once in
 * Arabic (right-to-left) at 360 px; axe checks the editor, the moderation page and the session page.
 */
const browser = chromiumForThisFile();

type Locale = 'en' | 'ar';

/** A translated message with its `{placeholders}` filled in. */
function trf(locale: Locale, source: string, values: Record<string, string | number>): string {
  return tr(locale, source).replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in values ? String(values[key]) : whole,
  );
}

/** A weekday's name as the editor writes it (Intl, like `weekdayName` in src/features/sessions/schedule.tsx). */
function weekdayName(locale: Locale, isoDayIndex: number): string {
  // 2024-01-07 was a Sunday; index 0 = Sunday.
  const date = new Date(Date.UTC(2024, 0, 7 + isoDayIndex));
  return new Intl.DateTimeFormat(locale === 'ar' ? 'ar' : 'en-US', { weekday: 'long', timeZone: 'UTC' }).format(date);
}

/**
 * A form control by its label text. Required fields' labels end with an aria-hidden '*' that
 * Playwright's label matching still reads, so the pattern allows it.
 */

/** `YYYY-MM-DD`, `days` from today (UTC). */
function isoDaysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** A valid 16×9 PNG (a flat colour), as the course picture. */
const PICTURE_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABAAAAAJCAIAAAC0SDtlAAAANUlEQVR4nJXCoREAIQADwRSROl+j0ejXp9FoaqOG29n0Q00HajpR04Wa/qgpqOlGTQ9qelEfcLG5octvNgsAAAAASUVORK5CYII=',
  'base64',
);

interface Course {
  title: string;
  description: string;
  about: string;
  /** The category's name as the editor's select shows it (seeded reference data). */
  category: string;
  skillRequired: string;
  skillGained: string;
  weeks: Array<Array<{ section: string; lessons: Array<{ name: string; minutes: number }> }>>;
}

/** A run id: course titles are unique per run (the data directory is fresh, but reruns against one server must not collide). */
const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;

const journeys = [
  {
    locale: 'en' as const,
    viewport: { width: 1280, height: 900 },
    learner: 'learner@halaqa.test',
    course: {
      title: `Graph Algorithms Live E2E ${run}`,
      description: 'Breadth-first search, shortest paths and spanning trees, live with exercises.',
      about: 'Each week we implement a classic graph algorithm together and test it on real data.',
      category: 'Web Development',
      skillRequired: 'JavaScript',
      skillGained: 'TypeScript',
      weeks: [
        [
          {
            section: `Traversals ${run}`,
            lessons: [
              { name: `Breadth-first search ${run}`, minutes: 45 },
              { name: `Depth-first search ${run}`, minutes: 30 },
            ],
          },
        ],
        [{ section: `Shortest paths ${run}`, lessons: [{ name: `Dijkstra by hand ${run}`, minutes: 60 }] }],
      ],
    } satisfies Course,
  },
  {
    locale: 'ar' as const,
    viewport: { width: 360, height: 780 },
    learner: 'learner2@halaqa.test',
    course: {
      title: `خوارزميات الرسوم البيانية مباشرة ${run}`,
      description: 'البحث بالعرض وأقصر المسارات والأشجار الممتدة، مباشرة مع تمارين.',
      about: 'كل أسبوع نبرمج معًا خوارزمية كلاسيكية ونختبرها على بيانات حقيقية.',
      category: 'تطوير الويب',
      skillRequired: 'HTML',
      skillGained: 'CSS',
      weeks: [
        [
          {
            section: `طرق الاجتياز ${run}`,
            lessons: [
              { name: `البحث بالعرض ${run}`, minutes: 45 },
              { name: `البحث بالعمق ${run}`, minutes: 30 },
            ],
          },
        ],
        [{ section: `أقصر المسارات ${run}`, lessons: [{ name: `خوارزمية دايكسترا ${run}`, minutes: 60 }] }],
      ],
    } satisfies Course,
  },
];

/** A new browser context in the journey's language, size and a fixed time zone; page errors are collected. */
function openPage(locale: Locale, viewport: { width: number; height: number }) {
  return openContext(browser(), locale, viewport);
}

describe.each(journeys)('educator journey ($locale, $viewport.width px)', ({ locale, viewport, learner, course }) => {
  const l = (source: string) => tr(locale, source);
  let courseId: number | null = null;
  let approved = false;

  it('the educator writes a course with a session, a syllabus and a picture, and submits it for review', async () => {
    const { context, page, errors } = await openPage(locale, viewport);
    try {
      await signIn(page, locale, 'educator@halaqa.test');
      await page.goto(`${BASE_URL}/courses/live/edit?lang=${locale}`);
      await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      const title = byLabel(page, l('Title'));
      await title.waitFor();

      // Course details.
      await title.fill(course.title);
      await byLabel(page, l('Short description')).fill(course.description);
      await byLabel(page, l('About')).fill(course.about);
      await byLabel(page, l('Category')).selectOption({ label: course.category });
      await byLabel(page, l('Level')).selectOption('INTERMEDIATE');
      await byLabel(page, l('Live hours')).fill('12');
      await byLabel(page, l('Price (US dollars)')).fill('49');

      // Skills: filter each picker and tick one skill.
      for (const [legend, skill] of [
        ['Skills required', course.skillRequired],
        ['Skills gained', course.skillGained],
      ] as const) {
        const picker = page.getByRole('group', { name: l(legend), exact: true });
        await picker
          .getByRole('searchbox', { name: trf(locale, 'Filter: {legend}', { legend: l(legend) }) })
          .fill(skill);
        await picker.getByRole('checkbox', { name: skill, exact: true }).check();
        await expect
          .poll(() => picker.getByRole('button', { name: trf(locale, 'Remove {name}', { name: skill }) }).count())
          .toBe(1);
      }

      // The picture: the upload shows its progress bar, then the preview once it is done.
      const preview = page.getByRole('img', { name: trPattern(locale, 'Preview of {fileName}') });
      await byLabel(page, l('Course picture')).setInputFiles({
        name: `cover-${run}.png`,
        mimeType: 'image/png',
        buffer: PICTURE_PNG,
      });
      await page.getByRole('progressbar').or(preview).first().waitFor();
      await preview.waitFor({ timeout: 30_000 });
      await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(16);

      // The first session: dates in the future, a US time zone, seats and one weekly meeting.
      await byLabel(page, l('Start date')).fill(isoDaysFromNow(30));
      await byLabel(page, l('End date')).fill(isoDaysFromNow(72));
      await byLabel(page, l('Time zone')).selectOption('America/New_York');
      await byLabel(page, l('Seats')).fill('25');
      const monday = weekdayName(locale, 1);
      await page.getByRole('checkbox', { name: monday, exact: true }).check();
      await byLabel(page, trf(locale, '{name}: start time', { name: monday })).fill('17:30');
      await byLabel(page, trf(locale, '{name}: end time', { name: monday })).fill('19:00');

      // The syllabus: two weeks, one section each, three lessons in all.
      for (const [w, sections] of course.weeks.entries()) {
        const weekNo = w + 1;
        if (w > 0) await page.getByRole('button', { name: l('Add a week'), exact: true }).click();
        for (const [s, section] of sections.entries()) {
          await page
            .getByRole('button', { name: trf(locale, 'Add a section to week {weekNo}', { weekNo }), exact: true })
            .click();
          const sectionName = byLabel(
            page,
            trf(locale, 'Section {sectionNo} name (week {weekNo})', { sectionNo: s + 1, weekNo }),
          );
          await sectionName.fill(section.section);
          for (const [i, lesson] of section.lessons.entries()) {
            await page
              .getByRole('button', {
                name: trf(locale, 'Add a lesson to {name}', { name: section.section }),
                exact: true,
              })
              .click();
            const lessons = page.getByRole('list', {
              name: trf(locale, 'Lessons of {name}', { name: section.section }),
              exact: true,
            });
            const row = lessons.getByRole('listitem').nth(i);
            await byLabel(row, trf(locale, 'Name of lesson {lessonNo}', { lessonNo: i + 1 })).fill(lesson.name);
            await byLabel(row, l('Minutes')).fill(String(lesson.minutes));
          }
        }
      }
      const allLessons = course.weeks.flat().flatMap((s) => s.lessons);
      expect(await page.getByTestId('syllabus-section').count()).toBe(2);
      expect(await page.getByTestId('syllabus-lesson').count()).toBe(allLessons.length);

      await expectAccessible(page, `course editor, filled in (${locale})`);

      // Submit for review: the editor comes back on /courses/live/edit?id=… with the spec's toast.
      await page.getByRole('button', { name: l('Submit for review'), exact: true }).click();
      await page
        .getByText(l('A new course has been created successfuly !'), { exact: true })
        .first()
        .waitFor({ timeout: 30_000 });
      await page.waitForURL(/\/courses\/live\/edit\?(?:.*&)?id=\d+/);
      courseId = Number(new URL(page.url()).searchParams.get('id'));
      expect(courseId).toBeGreaterThan(0);
      // The saved course loads back into the editor.
      await expect.poll(() => byLabel(page, l('Title')).inputValue(), { timeout: 20_000 }).toBe(course.title);
      await expect.poll(() => page.getByTestId('syllabus-lesson').count()).toBe(allLessons.length);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("an admin approves the course's pending session from the moderation queue", async () => {
    expect(courseId, 'the course created by the educator').toBeTruthy();
    const { context, page, errors } = await openPage(locale, viewport);
    try {
      await signIn(page, locale, 'admin@halaqa.test');
      await page.goto(`${BASE_URL}/dashboard/moderation?lang=${locale}`);
      await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      await page.getByRole('heading', { name: l('Moderation'), exact: true }).waitFor();
      const actions = page.getByRole('group', {
        name: trf(locale, 'Actions on the session of {title}', { title: course.title }),
        exact: true,
      });
      await actions.waitFor();
      await expectAccessible(page, `moderation queue (${locale})`);

      await actions.getByRole('button', { name: l('Approve'), exact: true }).click();
      const dialog = page.getByRole('dialog', { name: l('Approve this session?'), exact: true });
      await dialog.waitFor();
      await byLabel(dialog, l('Note to the educator (optional)')).fill(
        locale === 'ar' ? 'منهج واضح، شكرًا.' : 'Clear syllabus, thank you.',
      );
      await dialog.getByRole('button', { name: l('Approve'), exact: true }).click();
      await page.getByText(l('Session Approved'), { exact: true }).first().waitFor({ timeout: 30_000 });
      await dialog.waitFor({ state: 'detached' });
      // It leaves the pending queue.
      await actions.waitFor({ state: 'detached' });
      approved = true;
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('a learner finds the course in the catalog and reads the syllabus of its session', async () => {
    expect(approved, 'the session approved by the admin').toBe(true);
    const { context, page, errors } = await openPage(locale, viewport);
    try {
      await signIn(page, locale, learner);
      await page.goto(`${BASE_URL}/courses?lang=${locale}`);
      await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe(locale === 'ar' ? 'rtl' : 'ltr');
      const search = byLabel(page, l('Search'));
      await search.fill(course.title);
      await search.press('Enter');
      const card = page.getByRole('link', { name: course.title, exact: true });
      await card.first().click();
      await page.waitForURL(new RegExp(`/courses/${courseId}(?:[?#]|$)`));

      await page.getByRole('link', { name: l('See the syllabus and enroll'), exact: true }).click();
      await page.waitForURL(/\/sessions\/\d+/);
      await page.getByRole('heading', { level: 1, name: course.title }).waitFor();
      const syllabus = page.getByRole('region', { name: l('Syllabus'), exact: true });
      await syllabus.waitFor();
      for (const [w, sections] of course.weeks.entries()) {
        await syllabus
          .getByRole('heading', { name: trf(locale, 'Week {weekNumber}', { weekNumber: w + 1 }) })
          .waitFor();
        for (const section of sections) {
          const region = syllabus.getByRole('region', { name: section.section, exact: true });
          await region.getByRole('heading', { name: section.section }).waitFor();
          for (const lesson of section.lessons) await region.getByText(lesson.name, { exact: true }).waitFor();
        }
      }
      await expectAccessible(page, `session page (${locale})`);
      expect(errors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
