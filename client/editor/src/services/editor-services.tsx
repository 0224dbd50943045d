/**
 * The objects the editor makes once per page (the frame bridge, the change engine, the project's Tailwind answers),
 * handed to components through React context: the app makes them (`create-editor-services.ts`), and nothing below
 * it makes or finds them on its own.
 */
import { createContext, useContext, type ReactNode } from 'react';
import { useStore } from 'zustand';
import type { ProjectThemeQuery } from '../api/project-theme-query';
import type { TailwindClasses } from '../api/tailwind-classes';
import type { ChangeEngine } from '../changes/change-engine';
import type { ChangeStoreState } from '../changes/change-store';
import type { ConnectionMonitor } from '../changes/connection-monitor';
import type { FrameBridge } from '../frame/frame-bridge';

export interface EditorServices {
  /** The frames: their connections and channels, element lookups, the move by drag. */
  frames: FrameBridge;
  /** Every edit goes through it; it owns the store of changes. */
  changes: ChangeEngine;
  tailwind: TailwindClasses;
  /** The project's design tokens, asked once and again when its CSS may have changed. */
  theme: ProjectThemeQuery;
  /** Whether the studio server answers; the change engine waits on it. */
  connection: ConnectionMonitor;
}

const EditorServicesContext = createContext<EditorServices | null>(null);

export function EditorServicesProvider({ services, children }: { services: EditorServices; children: ReactNode }) {
  return <EditorServicesContext.Provider value={services}>{children}</EditorServicesContext.Provider>;
}

export function useEditorServices(): EditorServices {
  const services = useContext(EditorServicesContext);
  if (!services) throw new Error('An editor component was rendered outside the app (no EditorServicesProvider above it)');
  return services;
}

/** The change items, the flush flag and undo/redo availability, re-rendered after the next paint. */
export function useChangeStore<T>(selector: (state: ChangeStoreState) => T): T {
  return useStore(useEditorServices().changes.rendered, selector);
}

/** The store as the change list reads it: drawn `CHANGE_LIST_DRAW_DELAY_MS` after the next paint. */
export function useChangeListStore<T>(selector: (state: ChangeStoreState) => T): T {
  return useStore(useEditorServices().changes.listed, selector);
}
