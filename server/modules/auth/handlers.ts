import type { HandlerTable } from '../../platform/handlers.js';
import { completeFederatedSignIn, refreshFederatedToken, signOut, startFederatedSignIn } from './federation.js';
import { signIn, signUp } from './service.js';

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
    }),
  }),
  startFederatedSignIn: async ({ app, params, body, reply }) => ({ data: await startFederatedSignIn(app, params.provider, body, reply) }),
  completeFederatedSignIn: async ({ app, params, body, request, reply }) => ({ data: await completeFederatedSignIn(app, params.provider, body, request, reply) }),
  refreshFederatedToken: async ({ app, request }) => ({ data: await refreshFederatedToken(app, request) }),
  signOut: async ({ app, request, reply }) => ({ data: await signOut(app, request, reply) }),
} satisfies HandlerTable;
