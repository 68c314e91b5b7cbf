/** The zod instance that carries OpenAPI metadata. Every schema of the API imports z from here. */
export { z } from '@hono/zod-openapi';
