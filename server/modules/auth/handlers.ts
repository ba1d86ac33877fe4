import type { HandlerTable } from '../../platform/handlers.js';
import { newCaptchaChallenge } from '../../platform/captcha.js';
import { signIn, signUp, signUpCompany } from './service.js';

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
  signUpCompany: async ({ app, body }) => ({ status: 201, data: await signUpCompany(app, body) }),
  getCaptchaChallenge: async ({ app, reply }) => {
    reply.header('cache-control', 'no-store');
    return { data: await newCaptchaChallenge(app.config.captcha, app.now()) };
  },
} satisfies HandlerTable;
