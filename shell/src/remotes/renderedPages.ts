import { createContext } from 'react';
import type { RemotePageId, RemotePageModule } from './remoteContracts';

/**
 * What the server already knows about the pages of one render: the modules it loaded for it, and
 * the pages it could not render (it sent their "temporarily unavailable" panel). The browser gets
 * the second list with the HTML, so it hydrates the same panel before offering Retry.
 */
export interface RenderedPages {
  modules: ReadonlyMap<RemotePageId, RemotePageModule>;
  failed: ReadonlySet<RemotePageId>;
}

export const NO_RENDERED_PAGES: RenderedPages = { modules: new Map(), failed: new Set() };

export const RenderedPagesContext = createContext<RenderedPages>(NO_RENDERED_PAGES);
