// @frontier/config: how the apps read their environment. Each app parses its own variables once,
// with Zod, in its `env.ts` (`appEnv`); the variables several apps share are parsed by the
// schemas here, so they mean the same everywhere.
export { appEnv, environmentSecrets } from './app-env';
export { accessModeFields, resolveAccessMode, isLoopbackHost, type AccessMode } from './access-mode';
export { databaseUrlSchema, dbPatienceSchema } from './database-url';
export { judgeBackendSchema } from './judge-backend';
export { embedOriginsSchema, embedFrameAncestors } from './embed-origins';
