import { css } from 'styled-system/css';

/** A card panel of the classroom page above the syllabus (the next meeting, the chat): padded, spaced below. */
export const classroomPanel = css({ padding: { base: '4', tablet: '6' }, marginBlockEnd: '8' });
