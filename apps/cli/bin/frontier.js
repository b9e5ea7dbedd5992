#!/usr/bin/env node
// Runs the TypeScript source through tsx so the CLI needs no build step inside the monorepo.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
