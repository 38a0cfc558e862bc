import { createContext, useContext, type ReactNode } from 'react';
import type { ShellContext } from '@site/contracts';

const ShellContextReact = createContext<ShellContext | null>(null);
ShellContextReact.displayName = 'ShellContext';

export function ShellContextProvider({ value, children }: { value: ShellContext; children: ReactNode }) {
  return <ShellContextReact.Provider value={value}>{children}</ShellContextReact.Provider>;
}

/** The shell's context for sections: locale, link builder, API client, image URLs. */
export function useShell(): ShellContext {
  const context = useContext(ShellContextReact);
  if (!context) throw new Error('useShell() must be used inside the shell (no ShellContextProvider above)');
  return context;
}
