/** The zod instance that carries OpenAPI metadata. Every schema of the engine imports z from here. */
export { z } from '@hono/zod-openapi';
