import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { activateLocale, catalogComplete, i18n, needsFullCatalog } from '@/lib/i18n';
import { messages as whole } from '@/locales/ar/messages.po';
import { messages as core } from '@/locales/ar/messages.po?part=core';
import { messages as rest } from '@/locales/ar/messages.po?part=rest';

/**
 * The Arabic catalog in two parts (scripts/vite-lingui-split.ts, src/lib/i18n.ts):
 * the explore pages' first load takes the core part, any other page waits for the rest.
 */
const onCourseCard = generateMessageId('Session full'); // src/features/catalog/course-card.tsx
const inClassroom = generateMessageId('Your message'); // src/features/classroom/chat-panel.tsx

// The Lingui instance is shared with the other UI test files of this worker: start from English.
beforeEach(() => activateLocale('en'));
afterAll(() => activateLocale('en'));

describe('the Arabic catalog in two parts', () => {
  it('splits the whole catalog: every message in exactly one part, the course card in the core one', () => {
    expect(Object.keys(core).length + Object.keys(rest).length).toBe(Object.keys(whole).length);
    expect({ ...core, ...rest }).toEqual(whole);
    expect(core[onCourseCard]).toEqual(whole[onCourseCard]);
    expect(rest[inClassroom]).toEqual(whole[inClassroom]);
    expect(core[inClassroom]).toBeUndefined();
    // The core part is the small one.
    expect(Object.keys(core).length).toBeLessThan(Object.keys(rest).length / 3);
  });

  it('loads the core part first on an explore page, and the rest when another page needs it', async () => {
    await activateLocale('ar', { coreOnly: true });
    expect(i18n.locale).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(i18n.messages[onCourseCard]).toEqual(whole[onCourseCard]);
    expect(i18n.messages[inClassroom]).toBeUndefined();
    await catalogComplete();
    expect(i18n.messages[inClassroom]).toEqual(whole[inClassroom]);
    expect(i18n.messages).toEqual(whole);
    // Once complete, it answers at once.
    await catalogComplete();
    await activateLocale('en');
    // Any other way in loads both parts.
    await activateLocale('ar');
    expect(i18n.messages).toEqual(whole);
  });

  it('takes the core part alone only for the explore pages', () => {
    expect(needsFullCatalog('/')).toBe(false);
    expect(needsFullCatalog('/courses')).toBe(false);
    expect(needsFullCatalog('/courses/')).toBe(false);
    expect(needsFullCatalog('/courses/12')).toBe(true);
    expect(needsFullCatalog('/login')).toBe(true);
    expect(needsFullCatalog('/dashboard')).toBe(true);
  });
});
