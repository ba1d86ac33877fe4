import { requireCaller, type HandlerTable } from '../../platform/handlers.js';
import { sendMail } from './service.js';

/** Handlers of the Messaging operations (openapi/halaqa.yaml tag Messaging; spec §7). */
export const messagingHandlers = {
  sendMail: async ({ app, caller, body }) => ({ status: 202, data: await sendMail(app, requireCaller(caller), body) }),
} satisfies HandlerTable;
