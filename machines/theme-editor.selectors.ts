import type { SnapshotFrom } from 'xstate';
import { type ThemeCheck, checkTheme, sameValues } from './theme-editor.form';
import type { themeEditorMachine } from './theme-editor.machine';

/** A snapshot of the theme editor. */
export type ThemeEditorSnapshot = SnapshotFrom<typeof themeEditorMachine>;

/** True while the settings load. */
export const isLoading = (s: ThemeEditorSnapshot): boolean => s.hasTag('loading');

/** True when the settings could not be loaded (retry offered). */
export const loadFailed = (s: ThemeEditorSnapshot): boolean => s.matches('loadFailed');

/** True once the settings are loaded and the form is shown. */
export const isReady = (s: ThemeEditorSnapshot): boolean => s.matches('ready');

/** True while the theme is being saved (edits and a second save wait). */
export const isSaving = (s: ThemeEditorSnapshot): boolean => s.hasTag('saving');

/** True right after a successful save, until the next edit. */
export const wasSaved = (s: ThemeEditorSnapshot): boolean => s.matches({ ready: { form: { idle: 'saved' } } });

/** True when the last save failed (server message in `context.error`). */
export const saveFailed = (s: ThemeEditorSnapshot): boolean => s.matches({ ready: { form: { idle: 'saveFailed' } } });

/** True when the last save was refused on the client: an unreadable colour or an invalid link. */
export const wasRefused = (s: ThemeEditorSnapshot): boolean => s.matches({ ready: { form: { idle: 'refused' } } });

/** The live checks of the form (contrast of each colour, links). */
export const selectCheck = (s: ThemeEditorSnapshot): ThemeCheck => checkTheme(s.context.values);

/** True when the theme may be sent: readable (WCAG 2.1 AA), links valid, and not saving. */
export const canSave = (s: ThemeEditorSnapshot): boolean =>
  isReady(s) && !isSaving(s) && checkTheme(s.context.values).ok;

/** True when the form differs from what was last loaded or saved. */
export const isDirty = (s: ThemeEditorSnapshot): boolean => !sameValues(s.context.values, s.context.savedValues);

/** True while the logo uploads. */
export const isUploading = (s: ThemeEditorSnapshot): boolean => s.hasTag('uploading');

/** Upload progress in percent (0–100), or null when not uploading. */
export const uploadPercent = (s: ThemeEditorSnapshot): number | null => {
  const u = s.context.upload;
  if (!u) return null;
  return u.total > 0 ? Math.min(100, Math.floor((u.loaded / u.total) * 100)) : 0;
};
