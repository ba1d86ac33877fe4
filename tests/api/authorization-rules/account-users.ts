import { DEMO_PASSWORD } from '../harness.js';
import { EMAIL, pdfPart, pngPart } from '../authorization-world.js';
import {
  STAFF,
  unique,
  nextSeq,
  me,
  none,
  nothing,
  FEDERATED_PROVIDER_PARAM,
  upload,
  type OwnerRule,
} from './shared.js';

/** Auth, account and user operations. See authorization-rules.ts for what a rule says. */
export const ACCOUNT_USER_RULES: Record<string, OwnerRule> = {
  // ── Auth and account: public, or the caller's own account ──
  signIn: none(() => ({ body: { email: EMAIL.learner, password: DEMO_PASSWORD } })),
  listFederatedProviders: none(nothing),
  startFederatedSignIn: {
    ...none(() => ({ params: { provider: 'QA' }, body: { redirect: '/my-courses' } })),
    why: FEDERATED_PROVIDER_PARAM,
  },
  completeFederatedSignIn: {
    ...none(() => ({ params: { provider: 'QA' }, body: { state: `matrix-${unique()}`, code: 'matrix' } }), {
      allowedStatuses: {
        statuses: [400],
        why: 'no sign-in was started in this browser: the state is unknown (tests/api/federated-sign-in-flow.test.ts runs the whole flow)',
      },
    }),
    why: FEDERATED_PROVIDER_PARAM,
  },
  refreshFederatedToken: none(nothing, {
    allowedStatuses: {
      statuses: [401],
      why: 'the matrix has no federated sign-in: no refresh cookie (tests/api/federated-sign-in-*.test.ts refresh)',
    },
  }),
  // Sign-out ends the sign-in it is called with: each caller spends a second one, not the matrix's token.
  signOut: none((w, c) => (c === 'anon' ? {} : { headers: { authorization: `Bearer ${w.spareTokens[c]}` } })),
  signUp: none(() => ({
    multipart: {
      fields: {
        firstName: 'New',
        lastName: 'Person',
        email: `new-${unique()}@matrix.test`,
        password: 'Str0ng!pass',
        role: 'LEARNER',
      },
    },
  })),
  signUpCompany: none(() => ({
    body: {
      company: {
        name: 'New Co',
        acronym: `NC${nextSeq()}`,
        address: { line1: '1 Main', city: 'Doha', postalCode: '00000', country: 'QA' },
      },
      account: {
        firstName: 'New',
        lastName: 'Partner',
        email: `partner-${unique()}@matrix.test`,
        password: 'Str0ng!pass',
      },
    },
  })),
  getCaptchaChallenge: none(() => ({})),
  verifyEmail: none(() => ({ body: { token: 'matrix.1.not-a-token' } }), {
    allowedStatuses: {
      statuses: [400],
      why: 'the matrix has no mailed link (tests/api/email-verification.test.ts verifies one)',
    },
  }),
  requestPasswordReset: none(() => ({ body: { email: EMAIL.learner } })),
  resetPassword: {
    variants: [
      {
        target: 'none',
        label: 'a token nobody was mailed',
        allow: 'roles',
        build: () => ({
          body: { email: EMAIL.learner, token: 'tok', password: 'Str0ng!pass', confirmPassword: 'Str0ng!pass' },
        }),
        allowedStatuses: {
          statuses: [422],
          why: 'public: anyone may try a token; an unknown one is refused (tests/api/account.test.ts resets with a mailed one)',
        },
      },
    ],
  },
  changePassword: {
    variants: [
      {
        target: 'none',
        label: "the caller's own password, old one wrong",
        allow: 'roles',
        build: () => ({ body: { oldPassword: `not-${DEMO_PASSWORD}`, newPassword: 'Str0ng!pass' } }),
        allowedStatuses: {
          statuses: [400],
          why: "a real change ends the caller's other sign-ins, the matrix's token among them: the wrong old password proves the caller got past authorization (tests/api/account.test.ts changes it for real)",
        },
      },
    ],
  },
  updateProfile: none(() => ({ body: { firstName: 'Same', lastName: 'Name' } })),
  uploadProfilePicture: upload('profilePicture', pngPart),
  uploadResume: upload('resume', pdfPart),
  uploadSignature: upload('signature', pngPart),
  sendContactMessage: none(() => ({ body: { name: 'N', email: 'n@matrix.test', subject: 'S', message: 'M' } })),

  // ── Users ──
  getUser: {
    variants: [
      {
        target: 'own',
        label: 'the caller themself',
        allow: 'roles',
        build: (w, c) => ({ params: { id: w.ids[me(c)] } }),
      },
      {
        target: 'otherLearner',
        label: 'another learner of company A',
        allow: [...STAFF, 'partner'],
        build: (w) => ({ params: { id: w.ids.learnerA2 } }),
      },
      {
        target: 'otherCompany',
        label: "company B's learner",
        allow: STAFF,
        build: (w) => ({ params: { id: w.ids.learnerB } }),
      },
      {
        target: 'otherEducator',
        label: 'an educator without company',
        allow: STAFF,
        build: (w) => ({ params: { id: w.ids.educatorO } }),
      },
    ],
  },
  getMyCompany: none(nothing, { allowedStatuses: { statuses: [404], why: 'admins belong to no company' } }),
  listMyAddresses: none(nothing),
  createMyAddress: none(() => ({ body: { line1: '1 Main', city: 'Doha', postalCode: '00000', country: 'QA' } })),
  listEducators: none(nothing),
  listLearners: none(nothing),
  listPartners: none(nothing),
  listInvitations: {
    why: 'companyId names the company (x-company-choice): staff any, a partner only their own',
    variants: [
      { target: 'none', label: 'no company named', allow: 'roles', build: nothing },
      {
        target: 'own',
        label: 'company A named',
        allow: [...STAFF, 'partner'],
        build: (w) => ({ query: { companyId: String(w.companyA) } }),
      },
      {
        target: 'otherCompany',
        label: 'company B named',
        allow: STAFF,
        build: (w) => ({ query: { companyId: String(w.companyB) } }),
      },
    ],
  },
  inviteUser: {
    why: 'companyId names the company (x-company-choice): staff must name one, a partner only their own',
    variants: [
      {
        target: 'none',
        label: 'no company named',
        allow: 'roles',
        build: () => ({ body: { email: `invitee-${unique()}@matrix.test`, role: 'LEARNER' } }),
        allowedStatuses: { statuses: [400], why: 'an admin must choose a company' },
      },
      {
        target: 'own',
        label: 'company A named',
        allow: [...STAFF, 'partner'],
        build: (w) => ({ body: { email: `invitee-${unique()}@matrix.test`, role: 'LEARNER', companyId: w.companyA } }),
      },
      {
        target: 'otherCompany',
        label: 'company B named',
        allow: STAFF,
        build: (w) => ({ body: { email: `invitee-${unique()}@matrix.test`, role: 'LEARNER', companyId: w.companyB } }),
      },
    ],
  },
  bulkInviteUsers: {
    why: 'companyId names the company (x-company-choice): staff must name one, a partner only their own',
    variants: [
      {
        target: 'none',
        label: 'no company named',
        allow: 'roles',
        build: () => bulkFile({}),
        allowedStatuses: { statuses: [400], why: 'an admin must choose a company' },
      },
      {
        target: 'own',
        label: 'company A named',
        allow: [...STAFF, 'partner'],
        build: (w) => bulkFile({ companyId: String(w.companyA) }),
      },
      {
        target: 'otherCompany',
        label: 'company B named',
        allow: STAFF,
        build: (w) => bulkFile({ companyId: String(w.companyB) }),
      },
    ],
  },
  getInvitation: {
    why: 'public: the random link token is the key (it names no company resource a caller could own)',
    variants: [
      {
        target: 'none',
        label: 'an invitation link',
        allow: 'roles',
        build: (w) => ({ params: { token: w.invitations.tokenUser } }),
      },
    ],
  },
  acceptInvitation: {
    why: 'the invitee accepts their own invitation; everyone else is another e-mail (403)',
    variants: [
      {
        target: 'own',
        label: "an invitation to the USER caller's e-mail",
        allow: ['user'],
        consumable: true,
        build: (w) => ({ params: { token: w.invitations.tokenUser } }),
      },
    ],
  },
  deleteInvite: {
    variants: [
      {
        target: 'own',
        label: 'a pending invitation of company A',
        allow: [...STAFF, 'partner'],
        consumable: true,
        build: (w) => ({ params: { id: w.invitations.withdrawA } }),
      },
      {
        target: 'otherCompany',
        label: 'a pending invitation of company B',
        allow: STAFF,
        consumable: true,
        build: (w) => ({ params: { id: w.invitations.withdrawB } }),
      },
    ],
  },
  resendInvitation: {
    variants: [
      {
        target: 'own',
        label: 'a pending invitation of company A',
        allow: [...STAFF, 'partner'],
        build: (w) => ({ params: { id: w.companyA, invitationId: w.invitations.resendA } }),
      },
      {
        target: 'otherCompany',
        label: 'a pending invitation of company B',
        allow: STAFF,
        build: (w) => ({ params: { id: w.companyB, invitationId: w.invitations.resendB } }),
      },
    ],
  },
  approveUser: {
    why: 'admins decide on any user',
    variants: [
      {
        target: 'otherCompany',
        label: 'a pending educator',
        allow: 'roles',
        consumable: true,
        build: (w) => ({ params: { id: w.pendingUsers.approve } }),
      },
    ],
  },
  rejectUser: {
    why: 'admins decide on any user',
    variants: [
      {
        target: 'otherCompany',
        label: "company B's pending partner",
        allow: 'roles',
        consumable: true,
        build: (w) => ({ params: { id: w.pendingUsers.reject }, body: { message: 'No' } }),
      },
    ],
  },
  deleteUser: {
    why: 'admins decide on any user',
    variants: [
      {
        target: 'otherCompany',
        label: 'a learner of company B',
        allow: 'roles',
        consumable: true,
        build: (w) => ({ params: { id: w.pendingUsers.remove }, body: { message: 'Bye' } }),
      },
    ],
  },
  listContactMessages: none(nothing),
  markContactMessageRead: {
    why: "admins read any message of the platform's inbox",
    variants: [
      {
        target: 'none',
        label: 'a contact message',
        allow: 'roles',
        build: (w) => ({ params: { id: w.contactMessageId } }),
      },
    ],
  },
  sendMail: {
    variants: [
      {
        target: 'own',
        label: "a learner of company A in educator A's session",
        allow: [...STAFF, 'educator', 'partner'],
        build: (w) => ({ body: { message: 'Hello', userIdsTo: [w.ids.learner] } }),
      },
      {
        target: 'otherCompany',
        label: "company B's learner",
        allow: STAFF,
        build: (w) => ({ body: { message: 'Hello', userIdsTo: [w.ids.learnerB] } }),
      },
      {
        target: 'otherEducator',
        label: "another educator's learner (no company)",
        allow: STAFF,
        build: (w) => ({ body: { message: 'Hello', userIdsTo: [w.ids.learnerO] } }),
      },
    ],
  },
};

/** A bulk-invite upload of one fresh row, with the given form fields. */
function bulkFile(fields: Record<string, string>) {
  return {
    multipart: {
      fields,
      files: {
        file: {
          filename: 'people.csv',
          contentType: 'text/csv',
          content: Buffer.from(`email,role\nbulk-${unique()}@matrix.test,LEARNER\n`),
        },
      },
    },
  };
}
