import { ACCOUNT_USER_RULES } from './authorization-rules/account-users.js';
import { CERTIFICATE_RULES } from './authorization-rules/certificates.js';
import { CLASSROOM_PAYMENT_RULES } from './authorization-rules/classroom-payments.js';
import { COMPANY_CATALOG_RULES } from './authorization-rules/companies-catalog.js';
import { COURSE_SESSION_RULES } from './authorization-rules/courses-sessions.js';
import type { OwnerRule } from './authorization-rules/shared.js';

export type { MatrixRequest, OwnerRule, TargetKind, Variant } from './authorization-rules/shared.js';

/**
 * The owner rules of the authorization matrix: for every operationId of openapi/halaqa.yaml, the
 * targets it is called on and, per target, which callers own it (may succeed). `x-roles` says which
 * roles may call at all; this table says, among those, who may act on which resource.
 *
 * Targets: `none` (no resource: public, or the caller's own account: /me, uploads, lists filtered
 * to the caller), `own` (the caller's own resource, or one of the caller's company A),
 * `otherCompany` (company B's), `otherEducator` (an educator without company's, public course),
 * `otherLearner` (another learner of company A). Callers: see CALLERS in authorization-world/shared.ts.
 *
 * `allow: 'roles'` means every caller whose role is in x-roles; a list names the owners. A caller
 * allowed by x-roles but not listed must be refused with 403 or 404 (404 hides that the resource
 * exists, which is accepted: e.g. another company's private course, someone else's payment intent).
 */

export const OWNER_RULES: Record<string, OwnerRule> = {
  ...ACCOUNT_USER_RULES,
  ...COMPANY_CATALOG_RULES,
  ...COURSE_SESSION_RULES,
  ...CLASSROOM_PAYMENT_RULES,
  ...CERTIFICATE_RULES,
};
