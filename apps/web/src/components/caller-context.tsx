'use client';

import type { Access } from '@frontier/core';
import { createContext, useContext, type ReactNode } from 'react';
import { callerCan, type Caller } from '@/lib/auth/caller';

const CallerContext = createContext<Caller>({ mode: 'local', email: null, role: 'admin' });

export function CallerProvider({ caller, children }: { caller: Caller; children: ReactNode }) {
  return <CallerContext.Provider value={caller}>{children}</CallerContext.Provider>;
}

export const useCaller = (): Caller => useContext(CallerContext);

/** Whether the signed-in role may use a control: controls it may not use are not shown. */
export const useCan = (access: Access): boolean => callerCan(useCaller(), access);
