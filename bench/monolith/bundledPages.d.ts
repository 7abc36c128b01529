// Written by webpack.config.mjs before each build: one lazy import per exposed page.
declare module 'bench-bundled-pages' {
  import type { ComponentType } from 'react';
  export const bundledPages: Record<string, () => Promise<{ default: ComponentType }>>;
}
