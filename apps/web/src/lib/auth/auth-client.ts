'use client';

import { createAuthClient } from 'better-auth/react';

// Better Auth's browser client: it posts to this app's /api/auth (same origin).
export const authClient = createAuthClient();
