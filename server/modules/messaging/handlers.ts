import { requireCaller, type HandlerTable } from '../../platform/handlers.js';
import { listContactMessages, markContactMessageRead, sendContactMessage } from './contact.js';
import { sendMail } from './service.js';

/** Handlers of the Messaging operations (openapi/halaqa.yaml tag Messaging; product.md#calls). */
export const messagingHandlers = {
  sendMail: async ({ app, caller, body }) => ({ status: 202, data: await sendMail(app, requireCaller(caller), body) }),
  sendContactMessage: async ({ app, body }) => ({ status: 202, data: await sendContactMessage(app, body) }),
  listContactMessages: async ({ app, query }) => ({ data: await listContactMessages(app, query) }),
  markContactMessageRead: async ({ app, caller, params }) => ({
    data: await markContactMessageRead(app, requireCaller(caller), params.id),
  }),
} satisfies HandlerTable;
