import type { FilePart } from '../harness.js';
import type { CallerKey, Person, World } from '../authorization-world.js';

/** The types and builders the owner-rule areas share (see authorization-rules.ts for what a rule says). */

export type TargetKind = 'none' | 'own' | 'otherCompany' | 'otherEducator' | 'otherLearner';

/** A request of the matrix: path parameters, query, JSON body or multipart fields/files, extra headers. */
export interface MatrixRequest {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  body?: unknown;
  multipart?: { fields: Record<string, string>; files?: Record<string, FilePart> };
  headers?: Record<string, string>;
}

export interface Variant {
  target: TargetKind;
  /** What the target is, for the report. */
  label: string;
  allow: 'roles' | readonly CallerKey[];
  /** Builds a valid request for caller `c` (called once per case: fresh keys, boundaries, e-mails). */
  build: (w: World, c: CallerKey) => MatrixRequest;
  /** Non-2xx statuses an allowed caller may get for business reasons that are not worth listing (with why). */
  allowedStatuses?: { statuses: number[]; why: string };
  /** The first owner's success uses the target up (deleted, decided): later owners may get 404/409/422. */
  consumable?: boolean;
}

export interface OwnerRule {
  variants: Variant[];
  /** Why an operation with path parameters or x-tenant-scoped has no per-owner target. */
  why?: string;
}

export const STAFF = ['superAdmin', 'admin'] as const satisfies readonly CallerKey[];
/** Members of company A among the callers, and admins. */
export const MEMBERS_A = [...STAFF, 'educator', 'learner', 'partner', 'user'] as const satisfies readonly CallerKey[];

let seq = 0;
export const unique = () => `${Date.now().toString(36)}-${++seq}`;
/** The sequence number itself (then advanced), for fields too short for `unique()`. */
export const nextSeq = () => seq++;
export const idem = () => ({ 'idempotency-key': `matrix-${unique()}` });
/** The person a caller is (anonymous borrows the learner's things: it is refused before they matter). */
export const me = (c: CallerKey): Person => (c === 'anon' ? 'learner' : c);
export const cardOf = (w: World, c: CallerKey) => w.cards[me(c)] ?? w.cards.learner!;

export const none = (build: Variant['build'], extra: Partial<Variant> = {}): OwnerRule => ({
  variants: [{ target: 'none', label: 'no resource', allow: 'roles', build, ...extra }],
});
export const nothing = () => ({});
/** Why the federated sign-in operations have no per-owner target. */
export const FEDERATED_PROVIDER_PARAM = 'the path names a directory (MA or QA), not a resource anyone owns';

/** Variants over the three course worlds: A (own), B (other company, private), O (other educator, public). */
export function perCourse(
  build: (w: World, k: 'A' | 'B' | 'O', c: CallerKey) => MatrixRequest,
  allow: { A: Variant['allow']; B: Variant['allow']; O: Variant['allow'] },
  what: string,
  extra: Partial<Variant> = {},
): Variant[] {
  return [
    {
      target: 'own',
      label: `${what} of educator A (company A)`,
      allow: allow.A,
      build: (w, c) => build(w, 'A', c),
      ...extra,
    },
    {
      target: 'otherCompany',
      label: `${what} of company B (private course)`,
      allow: allow.B,
      build: (w, c) => build(w, 'B', c),
      ...extra,
    },
    {
      target: 'otherEducator',
      label: `${what} of an educator without company (public course)`,
      allow: allow.O,
      build: (w, c) => build(w, 'O', c),
      ...extra,
    },
  ];
}

/**
 * Catalog reads: public courses for everyone; A's private course for company A and admins; B's
 * private course for admins only. The public session info and syllabus honour a token when one is
 * sent (members read their company's private sessions there too).
 */
export function catalog(
  build: (w: World, course: number, session: number, c: CallerKey) => MatrixRequest,
  what: string,
): OwnerRule {
  return {
    variants: [
      {
        target: 'own',
        label: `${what} of company A's public course`,
        allow: 'roles',
        build: (w, c) => build(w, w.A.courseId, w.A.session, c),
      },
      {
        target: 'own',
        label: `${what} of the course private to company A`,
        allow: MEMBERS_A,
        build: (w, c) => build(w, w.privA.courseId, w.privA.session, c),
      },
      {
        target: 'otherCompany',
        label: `${what} of the course private to company B`,
        allow: STAFF,
        build: (w, c) => build(w, w.B.courseId, w.B.session, c),
      },
      {
        target: 'otherEducator',
        label: `${what} of another educator's public course`,
        allow: 'roles',
        build: (w, c) => build(w, w.O.courseId, w.O.session, c),
      },
    ],
  };
}

/** Learner-owned things (attempts, intents, cards): the caller's own, another learner of A's, company B's learner's, another educator's learner's. */
export function perLearner(
  build: (w: World, owner: Person | 'self', c: CallerKey) => MatrixRequest,
  ownAllow: Variant['allow'],
  what: string,
  extra: Partial<Variant> = {},
): Variant[] {
  return [
    {
      target: 'own',
      label: `the caller's own ${what}`,
      allow: ownAllow,
      build: (w, c) => build(w, 'self', c),
      ...extra,
    },
    {
      target: 'otherLearner',
      label: `${what} of another learner of company A`,
      allow: [],
      build: (w, c) => build(w, 'learnerA2', c),
      ...extra,
    },
    {
      target: 'otherCompany',
      label: `${what} of company B's learner`,
      allow: [],
      build: (w, c) => build(w, 'learnerB', c),
      ...extra,
    },
    {
      target: 'otherEducator',
      label: `${what} of another educator's learner`,
      allow: [],
      build: (w, c) => build(w, 'learnerO', c),
      ...extra,
    },
  ];
}
export const courseOf = (w: World, owner: Person | 'self') =>
  owner === 'learnerB' ? w.B : owner === 'learnerO' ? w.O : w.A;

export const courseForm = (w: World, c: CallerKey, extra: Record<string, string> = {}) => ({
  multipart: {
    fields: {
      action: 'save',
      title: `Matrix course ${unique()}`,
      description: 'A course of the matrix',
      courseCategoryId: '1',
      price: '0',
      numHours: '10',
      difficultyLevel: 'BEGINNER',
      pictureId: String(w.educatorPictureId),
      isPrivate: 'false',
      ...extra,
    },
  },
});
export const upload = (field: string, part: () => FilePart) =>
  none(() => ({ multipart: { fields: {}, files: { [field]: part() } } }));
export const THEME = {
  style: { primaryColor: '#112233', secondaryColor: '#445566', tertiaryColor: '#778899' },
  links: { website: 'https://a.halaqa.test' },
};
