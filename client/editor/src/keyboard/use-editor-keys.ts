/**
 * The editor's keyboard shortcuts on its own page; the frames' forwarded keys reach the same handler through the
 * frame bridge. A key that was a command does nothing else (no browser bookmark on ⌘D, no find-next on ⌘G, no
 * page zoom on ⌘=, no focus move on a Tab that walks the selection).
 */
import { useEffect } from 'react';
import { useEditorServices } from '../services/editor-services';
import { handleEditorKey } from './editor-commands';
import { keyDataOf } from './editor-key-command';
import type { KeyActions } from './key-actions';

export function useEditorKeys(actions: KeyActions): void {
  const services = useEditorServices();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.isComposing) return;
      if (handleEditorKey(keyDataOf(event), { ...services, actions })) event.preventDefault();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [services, actions]);
}
