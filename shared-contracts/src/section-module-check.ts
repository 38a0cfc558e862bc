import type { SectionModule } from './sections';

// No schema here: browser builds compile the schema modules into checkers (scripts/compile-checkers.js), functions stay source.

/** Checks the runtime shape of a module loaded from a remote, before the shell trusts it. */
export function checkSectionModule(value: unknown, expectedName: string): string | null {
  if (typeof value !== 'object' || value === null) return 'the module is not an object';
  const module = value as Partial<SectionModule>;
  if (typeof module.default !== 'function' && (typeof module.default !== 'object' || module.default === null)) {
    return 'the module has no default export component';
  }
  if (module.load !== undefined && typeof module.load !== 'function') return '`load` is not a function';
  if (module.hydrates !== undefined && typeof module.hydrates !== 'function') return '`hydrates` is not a function';
  const meta = module.meta;
  if (!meta || typeof meta.name !== 'string') return 'the module has no `meta.name`';
  if (meta.name !== expectedName) return `the module declares section "${meta.name}", expected "${expectedName}"`;
  return null;
}
