import { requireCaller, type HandlerTable } from '../../platform/handlers.js';
import { newCaptchaChallenge } from '../../platform/captcha.js';
import { changePassword, requestPasswordReset, resetPassword, updateProfile } from './account.js';
import { refreshFederatedToken, signOut } from './federated-sessions.js';
import { completeFederatedSignIn, listFederatedProviders, startFederatedSignIn } from './federation.js';
import { signIn, signUp, signUpCompany } from './service.js';
import { verifyEmail } from './verification.js';

/** Handlers of the Auth operations built so far (openapi/halaqa.yaml, tag Auth). */
export const authHandlers = {
  signIn: async ({ app, body }) => ({ data: await signIn(app, body.email, body.password) }),
  signUp: async ({ app, body }) => ({
    status: 201,
    data: await signUp(app, {
      firstName: body.firstName,
      lastName: body.lastName,
      email: body.email,
      password: body.password,
      role: body.role,
      language: body.language,
      invitationToken: body.invitationToken,
    }),
  }),
  requestPasswordReset: async ({ app, body }) => ({
    status: 202,
    data: await requestPasswordReset(app, body.email, body.language),
  }),
  resetPassword: async ({ app, body }) => ({ data: await resetPassword(app, body) }),
  changePassword: async ({ app, caller, body }) => ({
    data: await changePassword(app, requireCaller(caller), body.oldPassword, body.newPassword),
  }),
  updateProfile: async ({ app, caller, body }) => ({ data: await updateProfile(app, requireCaller(caller), body) }),
  verifyEmail: async ({ app, body }) => ({ data: await verifyEmail(app, body.token) }),
  signUpCompany: async ({ app, body }) => ({ status: 201, data: await signUpCompany(app, body) }),
  getCaptchaChallenge: async ({ app, reply }) => {
    reply.header('cache-control', 'no-store');
    return { data: await newCaptchaChallenge(app.config.captcha, app.now()) };
  },
  listFederatedProviders: async ({ app }) => ({ data: listFederatedProviders(app) }),
  startFederatedSignIn: async ({ app, params, body, request, reply }) => ({
    data: await startFederatedSignIn(app, params.provider, body, request.hostname, reply),
  }),
  completeFederatedSignIn: async ({ app, params, body, request, reply }) => ({
    data: await completeFederatedSignIn(app, params.provider, body, request, reply),
  }),
  refreshFederatedToken: async ({ app, request, reply }) => ({
    data: await refreshFederatedToken(app, request, reply),
  }),
  signOut: async ({ app, caller, request, reply }) => ({ data: await signOut(app, caller, request, reply) }),
} satisfies HandlerTable;
