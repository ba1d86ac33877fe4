import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { components } from '@contract/schema';
import { intlLocaleOf, type Locale } from '@/lib/i18n';

export type LessonTypeCode = components['schemas']['LessonTypeCode'];

/** Names of the lesson types (product.md#entities). */
export const lessonTypeLabels: Record<LessonTypeCode, MessageDescriptor> = {
  meeting: msg`Live meeting`,
  video: msg`Video`,
  reading: msg`Reading`,
  assignment: msg`Assignment`,
  quiz: msg`Quiz`,
  learningObjective: msg`Learning path`,
  programmingAssignment: msg`Programming assignment`,
  notes: msg`Notes`,
  liveSession: msg`Live session`,
};

/** A duration in minutes as "45 min" / "1 hr, 30 min" (Arabic units in Arabic). */
export function formatMinutes(total: number, locale: Locale): string {
  const tag = intlLocaleOf(locale);
  const minutes = Math.max(0, Math.round(total));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  const fmt = (value: number, unit: 'hour' | 'minute') =>
    new Intl.NumberFormat(tag, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
  if (h === 0) return fmt(m, 'minute');
  if (m === 0) return fmt(h, 'hour');
  return new Intl.ListFormat(tag, { style: 'narrow', type: 'unit' }).format([fmt(h, 'hour'), fmt(m, 'minute')]);
}
