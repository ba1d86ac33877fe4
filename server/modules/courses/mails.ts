import { mailTemplateFile } from '../../platform/mail/templates.js';

/** The folder of this module's mail sources (`<name>.hbs`, see mailTemplateFile). */
const TEMPLATES = new URL('./mails/', import.meta.url);

/**
 * The mails of course moderation (product.md#entities course statuses: PENDING → APPROVED | REJECTED with a
 * message → PUBLISHED ⇄ UNPUBLISHED), to the course's educator in their language (docs/decisions.md
 * "Course moderation"). `message` is the moderator's words (required for reject and unpublish).
 */

/** The data of every course-moderation mail: the educator's first name, the course, a link and the note. */
type CourseMailData = { firstName: string; title: string; url: string; message: string | null };

/** To the educator when an admin approves their course; `message` is an optional note, or null. */
export const courseApproved = mailTemplateFile<CourseMailData>(TEMPLATES, 'course-approved');

/** To the educator when an admin rejects their course, with the reason (they edit and send it again). */
export const courseRejected = mailTemplateFile<CourseMailData>(TEMPLATES, 'course-rejected');

/** To the educator when an admin takes their course out of the catalog, with the reason. */
export const courseUnpublished = mailTemplateFile<CourseMailData>(TEMPLATES, 'course-unpublished');

/** To the educator when an admin publishes their course (again); `message` is an optional note, or null. */
export const coursePublished = mailTemplateFile<CourseMailData>(TEMPLATES, 'course-published');
