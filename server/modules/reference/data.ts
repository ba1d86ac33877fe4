import type { LessonTypeCode } from '../../db/types.js';

/**
 * Reference data loaded on first start: course categories, course languages, skills, lesson types
 * and the US time zones offered when scheduling a session (product.md#entities "Reference data").
 * Insertion order fixes the ids: language 1 is English (the course form's default languageId),
 * lesson type ids follow `LESSON_TYPES`.
 */

/** A course category, with its English and Arabic names. */
export interface CategoryData {
  name: string;
  nameAr: string;
}

/** Computer-science categories, in display order. */
export const CATEGORIES: readonly CategoryData[] = [
  { name: 'Web Development', nameAr: 'تطوير الويب' },
  { name: 'Data Science & AI', nameAr: 'علم البيانات والذكاء الاصطناعي' },
  { name: 'Cloud & DevOps', nameAr: 'الحوسبة السحابية وDevOps' },
  { name: 'Cybersecurity', nameAr: 'الأمن السيبراني' },
  { name: 'Mobile Development', nameAr: 'تطوير تطبيقات الجوال' },
  { name: 'Programming Fundamentals', nameAr: 'أساسيات البرمجة' },
  { name: 'Databases', nameAr: 'قواعد البيانات' },
];

/** Category names as a union, so course data cannot name a category that does not exist. */
export type CategoryName =
  | 'Web Development'
  | 'Data Science & AI'
  | 'Cloud & DevOps'
  | 'Cybersecurity'
  | 'Mobile Development'
  | 'Programming Fundamentals'
  | 'Databases';

/** Teaching languages; id 1 = English is the default of a new course. */
export const LANGUAGES: readonly { code: 'en' | 'ar' | 'fr'; name: string }[] = [
  { code: 'en', name: 'English' },
  { code: 'ar', name: 'Arabic' },
  { code: 'fr', name: 'French' },
];

/** Skills a course may require or teach (names are unique). */
export const SKILLS = [
  'HTML',
  'CSS',
  'JavaScript',
  'TypeScript',
  'React',
  'Node.js',
  'REST APIs',
  'Python',
  'pandas',
  'NumPy',
  'Statistics',
  'Data Visualization',
  'Machine Learning',
  'Deep Learning',
  'PyTorch',
  'Natural Language Processing',
  'Large Language Models',
  'Prompt Engineering',
  'Vector Databases',
  'Docker',
  'Kubernetes',
  'AWS',
  'Terraform',
  'CI/CD',
  'Linux',
  'Bash',
  'Git',
  'Networking',
  'Cryptography',
  'Web Security',
  'Penetration Testing',
  'Incident Response',
  'Flutter',
  'Dart',
  'Kotlin',
  'Android',
  'Swift',
  'SwiftUI',
  'Java',
  'Object-Oriented Programming',
  'Data Structures',
  'Algorithms',
  'Software Testing',
  'SQL',
  'PostgreSQL',
  'Data Modeling',
  'Query Optimization',
  'MongoDB',
  'Redis',
  'Cloud Architecture',
  'Problem Solving',
] as const;

/** A skill name known to the reference data. */
export type SkillName = (typeof SKILLS)[number];

/** Lesson type codes (product.md#entities "Lesson types"), as the `lesson_types.code` column types them. */
export type { LessonTypeCode } from '../../db/types.js';

/** Lesson types in id order (meeting = 1 … liveSession = 9). */
export const LESSON_TYPES: readonly { code: LessonTypeCode; name: string }[] = [
  { code: 'meeting', name: 'Meeting' },
  { code: 'video', name: 'Video' },
  { code: 'reading', name: 'Reading' },
  { code: 'assignment', name: 'Assignment' },
  { code: 'quiz', name: 'Quiz' },
  { code: 'learningObjective', name: 'Learning path' },
  { code: 'programmingAssignment', name: 'Programming assignment' },
  { code: 'notes', name: 'Notes' },
  { code: 'liveSession', name: 'Live session' },
];

/**
 * The US time zones a session may be scheduled in: IANA id and display name.
 * The UTC offset is not stored: the server computes it for the current date (it changes with DST).
 */
export const US_TIMEZONES: readonly { id: string; name: string }[] = [
  { id: 'America/New_York', name: 'Eastern Time' },
  { id: 'America/Detroit', name: 'Eastern Time (Detroit)' },
  { id: 'America/Indiana/Indianapolis', name: 'Eastern Time (Indianapolis)' },
  { id: 'America/Kentucky/Louisville', name: 'Eastern Time (Louisville)' },
  { id: 'America/Chicago', name: 'Central Time' },
  { id: 'America/Indiana/Knox', name: 'Central Time (Knox, Indiana)' },
  { id: 'America/Denver', name: 'Mountain Time' },
  { id: 'America/Boise', name: 'Mountain Time (Boise)' },
  { id: 'America/Phoenix', name: 'Arizona (Mountain Standard Time)' },
  { id: 'America/Los_Angeles', name: 'Pacific Time' },
  { id: 'America/Anchorage', name: 'Alaska Time' },
  { id: 'America/Juneau', name: 'Alaska Time (Juneau)' },
  { id: 'America/Adak', name: 'Hawaii-Aleutian Time (Adak)' },
  { id: 'Pacific/Honolulu', name: 'Hawaii Time' },
  { id: 'America/Puerto_Rico', name: 'Atlantic Time (Puerto Rico)' },
  { id: 'Pacific/Guam', name: 'Chamorro Time (Guam)' },
  { id: 'Pacific/Pago_Pago', name: 'Samoa Time (American Samoa)' },
];
