export const OPENAPI_INFO = {
  openapi: '3.1.0',
  info: {
    title: 'Intent Commerce API',
    version: 'v1',
    description:
      'Long-lived purchase intents: the service watches a product, buys it when the conditions hold, pauses for OTP/3DS, and reports every step as events and a signed receipt. Errors are `{error: {type, code, message, param}, request_id}`; every write accepts `Idempotency-Key`.',
  },
  servers: [{ url: '/' }],
};
