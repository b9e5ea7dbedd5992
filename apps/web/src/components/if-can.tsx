'use client';

import type { Access } from '@frontier/core';
import type { ReactNode } from 'react';
import { useCan } from './caller-context';

/** Renders its children only for a caller whose role may use `access` (the API refuses the rest anyway). */
export function IfCan({ access, children }: { access: Access; children: ReactNode }) {
  return useCan(access) ? children : null;
}
