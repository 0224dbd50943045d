/**
 * The overlay in a studio frame: wires the page's events into the interaction machines, draws their state in the
 * shadow host, keeps the nav tree current, and answers the parent's messages through the handler table.
 */
import { hasValidIdCharacters, isValidCodebaseId, STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import { parseElementKey, type FrameFunctionHandlers } from '@contracts/frame-protocol.js';
import type { Channel } from './channel.js';
import { dragTransition, type DragEffect, type DragEvent } from './drag-machine.js';
import { applyDriveModeCursor, readDriveMode } from './drive-mode.js';
import { elementForKey, keyOfElement, nearestIdentified } from './element-identity.js';
import { changeTriggersRebuild, MOVING_ELEMENT_ATTRIBUTE, NAV_TREE_REBUILD_DELAY_MS, type ChangedNode } from './hot-reload-filter.js';
import { hoverTransition, visibleHoverKey, type HoverEvent } from './hover-machine.js';
import { checkHydrationStatus, openErrorOverlay } from './hydration.js';
import { inspectElement } from './inspect.js';
import { clearInstantMarkers } from './instant-updates.js';
import { flattenNavTree, navTreePartCount, navTreePartNodes } from '@contracts/nav-tree-parts.js';
import { afterNextPaint, buildNavTree, FRAME_BUDGET_MS, type NavTreeIndex } from './nav-tree.js';
import { childOutlines, drawOutlines, type OutlineRequest } from './outlines.js';
import type { OverlayStore } from './overlay-store.js';
import { primaryKey, selectedKeys, selectionTransition, type SelectionEvent } from './selection-machine.js';
import { createShadowHost, type ShadowHost } from './shadow-host.js';
import { textEditTransition, type TextEditEffect, type TextEditEvent } from './text-edit-machine.js';
import { createFrameHandlers } from './frame-handlers.js';
import type { OverlayContext } from './overlay-context.js';
import { listenToPage } from './page-events.js';

export interface OverlayRuntime {
  handlers: FrameFunctionHandlers;
  inspect: typeof inspectElement;
  stateAndProps(componentName: string): ReturnType<typeof inspectElement>;
  shadow: ShadowHost;
}

export function startOverlay(store: OverlayStore, channel: Channel): OverlayRuntime {
  const shadow = createShadowHost();
  let tree: NavTreeIndex | null = null;
  let building: Promise<NavTreeIndex | null> | null = null;
  /** Numbers the builds, so the parent can tell one build's parts from the next one's. */
  let latestBuildId = 0;
  let rebuildTimer: ReturnType<typeof setTimeout> | null = null;
  /** The page changed during a drag: rebuilt once the drag has put the page back. */
  let rebuildAfterDrag = false;
  let quietDepth = 0;
  const waiting: { matches: () => boolean; run: () => void }[] = [];
  const tempMoves: (() => void)[] = [];
  store.driveMode = readDriveMode(store.storyboardId);
  applyDriveModeCursor(store.driveMode);

  // ------------------------------------------------------------------ identity helpers
  const keyOf = (element: Element) => tree?.keys.get(element) ?? keyOfElement(element, store.storyboardId);
  const elementFor = (key: string | null) => (key ? elementForKey(key, tree?.elements) : null);
  const isOverlayNode = (node: Node) => shadow.contains(node);

  /** The invalid-id error of spec §5: a bad id is refused, never half-used. */
  function checkedStoryboardId(id: string): string {
    if (!hasValidIdCharacters(id)) throw new Error(`Invalid storyboard id "${id}": only letters, digits, hyphen and underscore are allowed`);
    return id;
  }
  function checkedKey(key: string): string {
    const tempo = parseElementKey(key);
    if (!tempo) throw new Error(`Invalid element key "${key}"`);
    if (tempo.codebaseId !== STORYBOARD_CODEBASE_ID && !isValidCodebaseId(tempo.codebaseId)) {
      throw new Error(`Invalid codebase id "${tempo.codebaseId}": "tempo-" and a UUID, or a placeholder id, is expected`);
    }
    checkedStoryboardId(tempo.storyboardId);
    return key;
  }

  // ------------------------------------------------------------------ drawing
  function redraw(): number {
    const outlines: OutlineRequest[] = [];
    const hoverKey = visibleHoverKey(store.hover);
    const selected = selectedKeys(store.selection);
    const nameOf = (key: string) => tree?.nodes.get(key)?.name ?? parseElementKey(key)?.codebaseId ?? key;
    if (hoverKey && !selected.includes(hoverKey)) {
      const element = elementFor(hoverKey);
      if (element) outlines.push({ key: hoverKey, element, layer: 'secondary', name: nameOf(hoverKey) });
    }
    for (const key of selected) {
      const element = elementFor(key);
      if (!element) continue;
      const node = tree?.nodes.get(key);
      outlines.push({ key, element, layer: node?.isComponent ? 'component' : 'primary', name: nameOf(key), withSize: selected.length === 1 });
      if (selected.length === 1) outlines.push(...childOutlines(node, elementFor));
    }
    if (store.drag.kind === 'dragging') {
      const element = elementFor(store.drag.key);
      if (element) outlines.push({ key: store.drag.key, element, layer: 'move', name: nameOf(store.drag.key) });
    }
    const dynamicElement = elementFor(store.dynamicTextKey);
    return drawOutlines(
      shadow,
      {
        outlines,
        dynamicText: store.dynamicTextKey && dynamicElement ? { key: store.dynamicTextKey, element: dynamicElement } : null,
        zoomPerc: store.zoomPerc,
        aiMode: store.aiContext,
        driveMode: store.driveMode,
      },
      (key) => channel.post('EDIT_DYNAMIC_TEXT', { elementKey: key, codebaseId: parseElementKey(key)?.codebaseId ?? '' }),
    );
  }

  // ------------------------------------------------------------------ nav tree
  /**
   * Runs a change of the studio's own (an instant update, a temporary class) without the hot-reload watcher taking
   * it for a change of the page: what was pending before is handled, what the change produced is dropped.
   */
  function quiet<T>(fn: () => T): T {
    handleRecords(observer.takeRecords());
    quietDepth++;
    try {
      return fn();
    } finally {
      observer.takeRecords();
      quietDepth--;
    }
  }

  async function quietAsync<T>(fn: () => Promise<T>): Promise<T> {
    handleRecords(observer.takeRecords());
    quietDepth++;
    try {
      return await fn();
    } finally {
      observer.takeRecords();
      quietDepth--;
    }
  }

  function runWaiting(): void {
    for (let i = waiting.length - 1; i >= 0; i--) {
      if (waiting[i]!.matches()) {
        const [entry] = waiting.splice(i, 1);
        entry!.run();
      }
    }
  }

  /**
   * Sends a built tree in parts (`NAV_TREE_PART`, then `NAV_TREE` with the document's HTML), each in a task of its
   * own after a painted frame: on a big page the whole tree's structured clone, the document's HTML or the last
   * slice together are far over the frame budget. A newer build supersedes this one between two parts: the rest is
   * not sent, and the parent drops the parts it has.
   */
  async function sendNavTree(index: NavTreeIndex, buildId: number): Promise<NavTreeIndex | null> {
    const superseded = () => buildId !== latestBuildId;
    const flat = flattenNavTree(index.root);
    const partCount = navTreePartCount(flat);
    for (let partIndex = 0; partIndex < partCount; partIndex++) {
      await afterNextPaint();
      if (superseded()) return null;
      channel.post('NAV_TREE_PART', { buildId, partIndex, partCount, nodes: navTreePartNodes(flat, partIndex) });
    }
    await afterNextPaint();
    if (superseded()) return null;
    const documentHtml = document.documentElement.outerHTML.replace(shadow.host.outerHTML, '');
    await afterNextPaint();
    if (superseded()) return null;
    tree = index;
    store.navTree = index.root;
    channel.post('NAV_TREE', { buildId, partCount, nodeCount: flat.nodes.length, documentHtml });
    redraw();
    runWaiting();
    return index;
  }

  function rebuildNavTree(): Promise<NavTreeIndex | null> {
    // Asked for while a walk runs: that walk's tree is the answer. Asked for while a tree is being sent: a new walk.
    if (building) return building;
    const buildId = ++latestBuildId;
    const started = performance.now();
    const walk = buildNavTree({
      storyboardId: store.storyboardId,
      lookups: store.lookups,
      skip: isOverlayNode,
      onOverBudget: (ms) => console.warn(`Nav tree build: a slice took ${Math.round(ms)} ms, over the ${FRAME_BUDGET_MS} ms frame budget`),
    }).finally(() => {
      building = null;
    });
    building = walk
      .then((index) => {
        channel.debug(`nav tree of ${index.nodes.size} nodes built in ${Math.round(performance.now() - started)} ms`);
        return sendNavTree(index, buildId);
      })
      .catch((error: unknown) => {
        console.error('Nav tree rebuild failed', error);
        return null;
      });
    return building;
  }

  // ------------------------------------------------------------------ hot reload
  const describe = (node: Node): ChangedNode => ({
    nodeName: node.nodeName,
    isOverlay: isOverlayNode(node),
    isMoving: node instanceof Element && node.closest(`[${MOVING_ELEMENT_ATTRIBUTE}]`) !== null,
    insideSvg: node instanceof Element ? node.parentElement?.closest('svg') != null : node.parentElement?.closest('svg') != null,
  });
  function handleRecords(records: MutationRecord[]): void {
    const relevant = records.some((record) =>
      changeTriggersRebuild({
        type: record.type,
        attributeName: record.attributeName,
        target: describe(record.target),
        added: [...record.addedNodes].map(describe),
        removed: [...record.removedNodes].map(describe),
      }),
    );
    if (!relevant) return;
    if (rebuildTimer) clearTimeout(rebuildTimer);
    rebuildTimer = setTimeout(rebuildAfterPageChange, NAV_TREE_REBUILD_DELAY_MS);
  }
  function rebuildAfterPageChange(): Promise<NavTreeIndex | null> | null {
    if (rebuildTimer) clearTimeout(rebuildTimer);
    rebuildTimer = null;
    // A walk now would take the drag's temporary move for the page's structure: it waits for the drag's end.
    if (store.drag.kind === 'dragging') {
      rebuildAfterDrag = true;
      return null;
    }
    clearInstantMarkers();
    return rebuildNavTree();
  }
  const observer = new MutationObserver((records) => {
    if (quietDepth === 0) handleRecords(records);
  });
  observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });

  // ------------------------------------------------------------------ machines
  function setHover(event: HoverEvent): void {
    const before = visibleHoverKey(store.hover);
    store.hover = hoverTransition(store.hover, event);
    const after = visibleHoverKey(store.hover);
    if (before !== after) {
      channel.post('HOVERED_ELEMENT_KEY', { elementKey: after });
      redraw();
    }
  }

  function postSelection(): void {
    // The page changed since its last tree (a hot reload a moment ago) and the selection's key is the live page's:
    // the editor gets that page's tree first, or it would look the key up in the old one (and Escape would take
    // the old parent).
    const pending = rebuildTimer ? rebuildAfterPageChange() : null;
    if (pending) {
      void pending.then(postSelectionNow);
      return;
    }
    postSelectionNow();
  }

  function postSelectionNow(): void {
    const keys = selectedKeys(store.selection);
    if (store.selection.kind === 'multi') channel.post('MULTI_SELECTED_ELEMENT_KEYS', { elementKeys: [...keys] });
    const key = primaryKey(store.selection);
    channel.post('SELECTED_ELEMENT_KEY', { elementKey: key, outerHTML: elementFor(key)?.outerHTML ?? null });
  }

  function select(event: SelectionEvent): void {
    const before = store.selection;
    store.selection = selectionTransition(store.selection, event);
    if (before !== store.selection) {
      store.dynamicTextKey = null;
      postSelection();
    }
    redraw();
  }

  function textOf(element: Element): string {
    return element.textContent ?? '';
  }

  function runTextEffects(effects: TextEditEffect[]): void {
    for (const effect of effects) {
      const element = elementFor(effect.type === 'clearSelection' ? null : effect.key);
      switch (effect.type) {
        case 'makeEditable':
          if (element instanceof HTMLElement) {
            quiet(() => (element.contentEditable = 'plaintext-only'));
            element.focus();
            element.addEventListener('blur', () => editText({ type: 'BLUR', currentText: textOf(element) }), { once: true });
          }
          setHover({ type: 'SUPPRESS', reason: 'editing' });
          break;
        case 'notifyStart':
          channel.post('START_EDITING_TEXT', { elementKey: effect.key, oldText: effect.oldText });
          break;
        case 'showDynamicTextButton':
          store.dynamicTextKey = effect.key;
          redraw();
          break;
        case 'sendEditedText':
          channel.post('EDITED_TEXT', {
            elementKey: effect.key,
            codebaseId: parseElementKey(effect.key)?.codebaseId ?? '',
            newText: effect.newText,
            oldText: effect.oldText,
          });
          break;
        case 'clearSelection':
          select({ type: 'CLEAR' });
          break;
        case 'removeEditable':
          if (element instanceof HTMLElement) quiet(() => element.removeAttribute('contenteditable'));
          setHover({ type: 'RELEASE', reason: 'editing' });
          break;
      }
    }
  }

  function editText(event: TextEditEvent): void {
    const step = textEditTransition(store.textEdit, event);
    store.textEdit = step.state;
    runTextEffects(step.effects);
  }

  function startTextEditing(key: string, element: Element): void {
    const onlyTextChildren = element.childNodes.length > 0 && [...element.childNodes].every((node) => node.nodeType === Node.TEXT_NODE);
    const codebaseId = parseElementKey(key)?.codebaseId ?? '';
    editText({
      type: 'START',
      candidate: { key, onlyTextChildren, staticText: store.lookups.get(codebaseId)?.isStaticText === true, text: textOf(element) },
    });
  }

  function dragContext(key: string | null, point: { x: number; y: number }, offset: { x: number; y: number }, dragging: boolean) {
    const element = elementFor(key);
    const parent = element?.parentElement ?? null;
    const parentStyle = parent ? getComputedStyle(parent) : null;
    return {
      pageX: point.x + window.scrollX,
      pageY: point.y + window.scrollY,
      offsetX: offset.x,
      offsetY: offset.y,
      parentSelectedElementKey: parent ? (keyOf(nearestIdentified(parent)) ?? null) : null,
      selectedParentDisplay: parentStyle?.display ?? null,
      selectedParentFlexDirection: parentStyle?.flexDirection ?? null,
      dragging,
    };
  }

  function drag(event: DragEvent): DragEffect[] {
    const before = store.drag;
    const step = dragTransition(store.drag, event);
    store.drag = step.state;
    const point = 'point' in event ? event.point : { x: 0, y: 0 };
    for (const effect of step.effects) {
      switch (effect) {
        case 'requestPointerLock':
          // Requested then released at once (spec §4): ends any text selection the drag began, without keeping the lock.
          try {
            void Promise.resolve(document.body.requestPointerLock()).catch(() => undefined);
          } catch {
            // not allowed without a user gesture: nothing to release
          }
          break;
        case 'releasePointerLock':
          if (document.pointerLockElement) document.exitPointerLock();
          else document.addEventListener('pointerlockchange', () => document.pointerLockElement && document.exitPointerLock(), { once: true });
          break;
        case 'dragStart':
          if (store.drag.kind === 'dragging') {
            // Dragging an element that is not selected moves that element: it becomes the selection.
            if (!selectedKeys(store.selection).includes(store.drag.key)) select({ type: 'SET', key: store.drag.key });
            setHover({ type: 'SUPPRESS', reason: 'drag' });
            channel.post('DRAG_START', { ...dragContext(store.drag.key, point, store.drag.offset, true), elementKey: store.drag.key });
          }
          break;
        case 'dragEnd':
          setHover({ type: 'RELEASE', reason: 'drag' });
          channel.post('DRAG_END', { ...dragContext(before.kind === 'idle' ? null : before.key, point, before.kind === 'idle' ? { x: 0, y: 0 } : before.offset, false), elementKey: before.kind === 'idle' ? null : before.key });
          revertTempMoves();
          break;
        case 'dragCancel':
          setHover({ type: 'RELEASE', reason: 'drag' });
          channel.post('DRAG_CANCEL', { elementKey: before.kind === 'idle' ? null : before.key });
          revertTempMoves();
          break;
      }
    }
    if (step.effects.length) redraw();
    return step.effects;
  }

  function revertTempMoves(): void {
    while (tempMoves.length) quiet(() => tempMoves.pop()!());
    if (rebuildAfterDrag) {
      rebuildAfterDrag = false;
      clearInstantMarkers();
      void rebuildNavTree();
    }
  }

  // Route changes of the console: the parent shows the address.
  let lastHref = location.href;
  const hrefWatch = () => {
    if (location.href !== lastHref) {
      lastHref = location.href;
      channel.post('LATEST_HREF', { href: lastHref });
    }
  };
  window.addEventListener('popstate', hrefWatch);
  setInterval(hrefWatch, 250);

  const postHydration = () => channel.post('HYDRATION_STATUS', checkHydrationStatus(store.query.framework));
  if (store.query.framework === 'VITE') {
    window.addEventListener('error', (event) => {
      openErrorOverlay(event.error ?? event.message);
      postHydration();
    });
    window.addEventListener('unhandledrejection', (event) => {
      openErrorOverlay(event.reason);
      postHydration();
    });
    new MutationObserver(() => postHydration()).observe(document.body, { childList: true });
  }

  const ctx: OverlayContext = {
    store,
    channel,
    shadow,
    keyOf,
    componentKeyOf: (element) => tree?.componentRoots.get(element) ?? null,
    elementFor,
    isOverlayNode,
    hasKey: (key) => tree?.elements.has(key) === true,
    nodeFor: (key) => tree?.nodes.get(key),
    checkedKey,
    checkedStoryboardId,
    redraw,
    quiet,
    quietAsync,
    rebuildNavTree,
    whenTreeMatches: (matches, run) => void waiting.push({ matches, run }),
    addTempMove: (revert) => void tempMoves.push(revert),
    setHover,
    select,
    drag,
    editText,
    startTextEditing,
    textOf,
    postHydration,
  };
  listenToPage(ctx);
  const handlers = createFrameHandlers(ctx);

  void rebuildNavTree();

  return {
    handlers,
    shadow,
    inspect: inspectElement,
    stateAndProps(componentName) {
      const answer = inspectElement({ componentName, isComponent: true }, (message) => console.warn(message));
      if (answer.result) console.log(`${componentName} props`, answer.result.props, 'state', answer.result.state);
      else console.log(answer.error);
      return answer;
    },
  };
}
