import { css, cx } from 'styled-system/css';

/** A fieldset without the browser's frame, padding and min-content width, stacking its fields in a column (add a gap). */
export const bareFieldset = css({
  border: 'none',
  padding: 0,
  margin: 0,
  minWidth: 0,
  display: 'flex',
  flexDirection: 'column',
});

/** The fieldset around a whole editor form (course editor, lesson authoring): disabled while saving, sections 6 apart. */
export const editorFieldset = cx(bareFieldset, css({ gap: '6' }));
