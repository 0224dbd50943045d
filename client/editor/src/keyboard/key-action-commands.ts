/**
 * The commands of the keys added for designers: the element clipboard, walking the selection through the tree, the
 * canvas's zoom and the list of keys. What they need above the keyboard's layer comes in `KeyActions`.
 */
import type { ChangeEngine } from '../changes/change-engine';
import { useEditorStore } from '../state/editor-store';
import type { EditorCommand } from './editor-key-command';
import type { KeyActions } from './key-actions';
import { stepSelection } from './selection-walk';

export type KeyActionCommand = Extract<
  EditorCommand,
  'copy' | 'cut' | 'paste' | 'selectParent' | 'nextSibling' | 'previousSibling' | 'zoomIn' | 'zoomOut' | 'zoomReset' | 'fitAll' | 'fitSelection' | 'showKeys'
>;

/** Runs one of these commands; answers whether the key was taken (a command with nothing to act on is not). */
export function runKeyActionCommand(command: KeyActionCommand, changes: Pick<ChangeEngine, 'submit'>, actions: KeyActions | undefined): boolean {
  const store = useEditorStore.getState();
  if (command === 'showKeys') {
    store.setKeysPanelOpen(true);
    return true;
  }
  if (command === 'selectParent') return stepSelection('parent');
  if (command === 'nextSibling') return stepSelection('nextSibling');
  if (command === 'previousSibling') return stepSelection('previousSibling');
  if (!actions) return false;
  switch (command) {
    case 'copy':
    case 'cut':
      if (!store.selectedKey) return false;
      void actions.clipboard.copy(changes, command === 'cut');
      return true;
    case 'paste':
      void actions.clipboard.paste(changes, actions.placementInFrame);
      return true;
    case 'zoomIn':
      actions.zoomStep(1);
      return true;
    case 'zoomOut':
      actions.zoomStep(-1);
      return true;
    case 'zoomReset':
      actions.zoomTo(100);
      return true;
    case 'fitAll':
      actions.fitAll();
      return true;
    case 'fitSelection':
      return actions.fitSelection();
  }
}
