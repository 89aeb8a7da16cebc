import { z } from 'zod';

/** GET /api/v1/auth/providers: which sign-in methods this server offers (Google only when set up). */
export const providersResponse = z.object({ success: z.literal(true), google: z.boolean() });
