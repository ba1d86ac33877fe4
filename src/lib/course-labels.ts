import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import type { components } from '@contract/schema';

export type Difficulty = components['schemas']['Difficulty'];
export type CourseSummary = components['schemas']['CourseSummary'];
export type Category = components['schemas']['Category'];
export type CategoryRef = components['schemas']['CategoryRef'];

export const DIFFICULTIES: readonly Difficulty[] = ['BEGINNER', 'INTERMEDIATE', 'ADVANCED'];

export const difficultyLabels: Record<Difficulty, MessageDescriptor> = {
  BEGINNER: msg`Beginner`,
  INTERMEDIATE: msg`Intermediate`,
  ADVANCED: msg`Advanced`,
};

/** A category's name in the active language (Arabic name when the UI is Arabic and one exists). */
export function categoryName(category: CategoryRef, locale: string): string {
  return locale === 'ar' && category.nameAr ? category.nameAr : category.name;
}
