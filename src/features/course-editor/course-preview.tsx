import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { css, cx } from 'styled-system/css';
import { plainList } from 'styled-system/recipes';
import { Badge } from '@/components/ui/badge';
import { formatLongDate } from '@/components/ui/format';
import { CalendarIcon, ClockIcon, GlobeIcon, UsersIcon, VideoIcon } from '@/components/ui/icons';
import { Price } from '@/components/ui/price';
import { CoursePicture } from '@/components/ui/course-picture';
import { Fact } from '@/components/ui/course-hero';
import { iconFact } from '@/components/ui/course-card-parts';
import { categoryName, difficultyLabels } from '@/lib/course-labels';
import { WeeklySchedule } from '@/components/ui/schedule';
import { SyllabusView } from '@/components/ui/syllabus';
import { browserTimeZone } from '@/lib/time-slots';
import type { components } from '@contract/schema';
import { isLocale, type Locale } from '@/lib/i18n';
import type { EditorReference } from '@machines/course-editor.machine';
import { type CourseFormValues, hasSession, splitSkills } from '@machines/course-editor.form';
import { toWeeks } from '@machines/course-editor.form-data';

type Syllabus = components['schemas']['Syllabus'];

/** The form's syllabus as the `Syllabus` the session pages show (links only for the instructor). */
export function toPreviewSyllabus(
  values: CourseFormValues,
  reference: EditorReference,
  { withLinks, untitled }: { withLinks: boolean; untitled: { section: string; lesson: string } },
): Syllabus {
  return {
    sessionId: 0,
    timezone: values.timezone || browserTimeZone(),
    weeks: values.syllabus
      .map((week, w) => ({
        week: w + 1,
        sections: week.sections.map((section, s) => ({
          id: (w + 1) * 1000 + s,
          name: section.name.trim() || untitled.section,
          order: s + 1,
          lessons: section.lessons.map((lesson, l) => {
            const type = reference.lessonTypes.find((tp) => String(tp.id) === lesson.lessonTypeId);
            const minutes = Number(lesson.duration);
            return {
              id: l,
              name: lesson.name.trim() || untitled.lesson,
              order: l + 1,
              type: type ?? { id: 0, code: 'notes' as const, name: '' },
              duration: Number.isFinite(minutes) && minutes > 0 ? Math.round(minutes) : 0,
              day: null,
              startTime: null,
              link: withLinks && lesson.link.trim() ? lesson.link.trim() : null,
            };
          }),
        })),
      }))
      .filter((week) => week.sections.length > 0),
  };
}

const chip = css({
  display: 'inline-flex',
  paddingInline: '3',
  paddingBlock: '1',
  borderRadius: 'full',
  fontSize: 'sm',
  fontWeight: 'medium',
});
const subTitle = css({ fontSize: 'md', fontWeight: 'bold', marginBlockEnd: '2' });

/**
 * product.md#states course view mode: the course as a learner sees it (the course page look: picture,
 * title, description, facts, price, about, skills, the first session and the syllabus without
 * links) or as the instructor (the syllabus with its links). Built from the form's current
 * values, so it follows every edit.
 */
export function CoursePreview({
  mode,
  values,
  reference,
  educatorName,
}: {
  mode: 'learner' | 'instructor';
  values: CourseFormValues;
  reference: EditorReference;
  educatorName: string;
}) {
  const { t, i18n } = useLingui();
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const untitled = { section: t`Untitled section`, lesson: t`Untitled lesson` };
  const syllabus = toPreviewSyllabus(values, reference, { withLinks: mode === 'instructor', untitled });
  const title = values.title.trim() || t`Untitled course`;
  const category = reference.categories.find((c) => String(c.id) === values.courseCategoryId);
  const language = reference.languages.find((l) => String(l.id) === values.languageId);
  const skillName = (id: number) => reference.skills.find((s) => s.id === id)?.name ?? `#${id}`;
  const gained = splitSkills(values.gainedSkills);
  const required = splitSkills(values.requiredSkills);
  const hours = Number(values.numHours) || 0;
  const price = Number(values.price) || 0;
  const session = hasSession(values) && values.startDate && values.endDate;
  const start = values.startDate ? formatLongDate(values.startDate, locale) : '';
  const end = values.endDate ? formatLongDate(values.endDate, locale) : '';
  const seats = Number(values.maxSeats) || 0;
  // The first session's weekly meetings, shown by both previews once a time zone is chosen.
  const schedule = values.timezone ? (
    <WeeklySchedule schedule={toWeeks(values)} timezone={values.timezone} from={values.startDate} compact />
  ) : null;

  if (mode === 'instructor') {
    return (
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '4' })} data-testid="instructor-preview">
        <div>
          <h3 className={css({ fontSize: 'lg', fontWeight: 'bold' })}>
            <bdi>{title}</bdi>
          </h3>
          <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
            <Trans>The syllabus as you will teach it, with the lesson links.</Trans>
          </p>
        </div>
        {session ? (
          <div className={css({ fontSize: 'sm', display: 'flex', flexDirection: 'column', gap: '2' })}>
            <p className={css({ fontWeight: 'semibold' })}>
              <Trans>
                {start} to {end}
              </Trans>
            </p>
            {schedule}
          </div>
        ) : null}
        <SyllabusView syllabus={syllabus} {...(values.startDate ? { startDate: values.startDate } : {})} />
      </div>
    );
  }

  return (
    <article className={css({ display: 'flex', flexDirection: 'column', gap: '5' })} data-testid="learner-preview">
      <div className={css({ borderRadius: 'xl', overflow: 'hidden', boxShadow: 'card' })}>
        <CoursePicture src={values.picture?.url} alt={t`Picture of the course ${title}`} />
      </div>
      <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
        {category ? (
          <p className={css({ fontSize: 'sm', fontWeight: 'semibold', color: 'primary.strong' })}>
            {categoryName(category, locale)}
          </p>
        ) : null}
        <h3
          className={css({
            fontSize: { base: 'xl', tablet: '2xl' },
            fontWeight: 'extrabold',
            letterSpacing: 'tight',
            lineHeight: '1.2',
          })}
        >
          <bdi>{title}</bdi>
        </h3>
        {values.description.trim() ? (
          <p className={css({ color: 'fg.muted' })}>
            <bdi>{values.description}</bdi>
          </p>
        ) : null}
        <div className={css({ display: 'flex', alignItems: 'center', gap: '3', flexWrap: 'wrap' })}>
          <Badge tone="blue">{t(difficultyLabels[values.difficultyLevel])}</Badge>
          <Price value={price} size="lg" />
        </div>
        <ul className={plainList({ direction: 'row', gap: '4' })}>
          <Fact icon={<ClockIcon size={16} />}>
            <Plural value={hours} one="# hour live" other="# hours live" />
          </Fact>
          {language ? <Fact icon={<GlobeIcon size={16} />}>{language.name}</Fact> : null}
          {values.video ? (
            <Fact icon={<VideoIcon size={16} />}>
              <Trans>Introduction video</Trans>
            </Fact>
          ) : null}
        </ul>
        <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
          <Trans>with {educatorName}</Trans>
        </p>
      </div>
      {session ? (
        <div
          className={css({
            borderRadius: 'lg',
            borderWidth: '1px',
            borderColor: 'border.default',
            padding: '4',
            display: 'flex',
            flexDirection: 'column',
            gap: '2',
          })}
        >
          <p className={css({ fontWeight: 'bold', display: 'flex', alignItems: 'center', gap: '2' })}>
            <CalendarIcon size={16} className={css({ color: 'primary.strong', flexShrink: 0 })} />
            <Trans>
              {start} to {end}
            </Trans>
          </p>
          {schedule}
          {seats > 0 ? (
            <p className={iconFact}>
              <UsersIcon size={16} />
              <Plural value={seats} one="# seat" other="# seats" />
            </p>
          ) : null}
        </div>
      ) : null}
      <div>
        <h4 className={subTitle}>
          <Trans>About this course</Trans>
        </h4>
        <p className={css({ whiteSpace: 'pre-line', lineHeight: '1.75' })}>
          <bdi>{values.about.trim() || values.description.trim() || t`Not written yet.`}</bdi>
        </p>
      </div>
      <div className={css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', tablet: '1fr 1fr' } })}>
        <div>
          <h4 className={subTitle}>
            <Trans>What you will learn</Trans>
          </h4>
          {gained.length ? (
            <ul className={plainList({ direction: 'row', gap: '2' })}>
              {gained.map((id) => (
                <li key={id} className={cx(chip, css({ bg: 'secondary.subtle', color: 'secondary.stronger' }))}>
                  {skillName(id)}
                </li>
              ))}
            </ul>
          ) : (
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
              <Trans>Not listed yet.</Trans>
            </p>
          )}
        </div>
        <div>
          <h4 className={subTitle}>
            <Trans>Skills required</Trans>
          </h4>
          {required.length ? (
            <ul className={plainList({ direction: 'row', gap: '2' })}>
              {required.map((id) => (
                <li
                  key={id}
                  className={cx(chip, css({ bg: 'bg.subtle', borderWidth: '1px', borderColor: 'border.default' }))}
                >
                  {skillName(id)}
                </li>
              ))}
            </ul>
          ) : (
            <p className={css({ fontSize: 'sm', color: 'fg.muted' })}>
              <Trans>No prerequisites: beginners welcome.</Trans>
            </p>
          )}
        </div>
      </div>
      <div>
        <h4 className={subTitle}>
          <Trans>Syllabus</Trans>
        </h4>
        <SyllabusView syllabus={syllabus} {...(values.startDate ? { startDate: values.startDate } : {})} />
      </div>
    </article>
  );
}
