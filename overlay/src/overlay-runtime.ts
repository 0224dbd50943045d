/**
 * The overlay in a studio frame: wires the page's events into the interaction machines, draws their state in the
 * shadow host, keeps the nav tree current, and answers the parent's messages through the handler table.
 */
import { hasValidIdCharacters, isValidCodebaseId, STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import {
  parseElementKey,
  type FrameFunctionHandlers,
  type KeyboardEventData,
} from '@contracts/frame-protocol.js';
import { captureElement } from './capture.js';
import type { Channel } from './channel.js';
import { forceStateClass, isInstantModifier } from './class-names.js';
import { cssEvals, processRules, ruleMatchesElement } from './css-rules.js';
import { dragTransition, type DragEvent } from './drag-machine.js';
import { instantDuringFlush } from './flush-rules.js';
import { applyDriveModeCursor, readDriveMode, writeDriveMode } from './drive-mode.js';
import { codebaseIdOf, elementForKey, keyOfElement, nearestIdentified, storyboardRoot } from './element-identity.js';
import { changeTriggersRebuild, MOVING_ELEMENT_ATTRIBUTE, NAV_TREE_REBUILD_DELAY_MS, type ChangedNode } from './hot-reload-filter.js';
import { hoverTransition, visibleHoverKey, type HoverEvent } from './hover-machine.js';
import { checkHydrationStatus, openErrorOverlay } from './hydration.js';
import { inspectElement } from './inspect.js';
import { applyChangeItem, clearInstantMarkers, prepareDeleteAfterRefresh, remapCodebaseIds } from './instant-updates.js';
import { buildNavTree, type NavTreeIndex } from './nav-tree.js';
import { childOutlines, drawOutlines, type OutlineRequest } from './outlines.js';
import type { OverlayStore } from './overlay-store.js';
import { primaryKey, selectedKeys, selectionTransition, type SelectionEvent } from './selection-machine.js';
import { createShadowHost, type ShadowHost } from './shadow-host.js';
import { textEditTransition, type TextEditEffect, type TextEditEvent } from './text-edit-machine.js';
import { throttle } from './throttle.js';

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
  let rebuildTimer: ReturnType<typeof setTimeout> | null = null;
  let quietDepth = 0;
  const waiting: { matches: () => boolean; run: () => void }[] = [];
  const tempMoves: (() => void)[] = [];
  // The click that follows the pointer up of a drag is the end of that drag, not a click on the element.
  let swallowNextClick = false;
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

  function rebuildNavTree(): Promise<NavTreeIndex | null> {
    if (building) return building;
    const started = performance.now();
    building = buildNavTree({ storyboardId: store.storyboardId, lookups: store.lookups, skip: isOverlayNode })
      .then((index) => {
        channel.debug(`nav tree of ${index.nodes.size} nodes built in ${Math.round(performance.now() - started)} ms`);
        tree = index;
        store.navTree = index.root;
        channel.post('NAV_TREE', { navTree: index.root, documentHtml: document.documentElement.outerHTML.replace(shadow.host.outerHTML, '') });
        redraw();
        runWaiting();
        return index;
      })
      .catch((error: unknown) => {
        console.error('Nav tree rebuild failed', error);
        return null;
      })
      .finally(() => {
        building = null;
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
    rebuildTimer = setTimeout(() => {
      rebuildTimer = null;
      clearInstantMarkers();
      void rebuildNavTree();
    }, NAV_TREE_REBUILD_DELAY_MS);
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

  function drag(event: DragEvent): void {
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
          swallowNextClick = true;
          setHover({ type: 'RELEASE', reason: 'drag' });
          channel.post('DRAG_END', { ...dragContext(before.kind === 'idle' ? null : before.key, point, before.kind === 'idle' ? { x: 0, y: 0 } : before.offset, false), elementKey: before.kind === 'idle' ? null : before.key });
          revertTempMoves();
          break;
        case 'dragCancel':
          swallowNextClick = true;
          setHover({ type: 'RELEASE', reason: 'drag' });
          channel.post('DRAG_CANCEL', { elementKey: before.kind === 'idle' ? null : before.key });
          revertTempMoves();
          break;
      }
    }
    if (step.effects.length) redraw();
  }

  function revertTempMoves(): void {
    while (tempMoves.length) quiet(() => tempMoves.pop()!());
  }

  // ------------------------------------------------------------------ page events
  const sendMouseMove = throttle((data: { pageX: number; pageY: number; clientX: number; clientY: number }) => channel.post('MOUSE_MOVE', data));
  const sendWheel = throttle((event: WheelEvent) =>
    channel.post('WHEEL', {
      deltaX: event.deltaX,
      deltaY: event.deltaY,
      wheelDelta: -event.deltaY,
      x: event.clientX,
      y: event.clientY,
      altKey: event.altKey,
      ctrlKey: event.ctrlKey,
      metaKey: event.metaKey,
      shiftKey: event.shiftKey,
    }),
  );

  const editing = () => store.textEdit.kind === 'editing';
  const eventTargetElement = (event: Event) => {
    const target = event.composedPath()[0];
    return target instanceof Element && !isOverlayNode(target) ? target : null;
  };

  function onPointerOver(event: PointerEvent | MouseEvent): void {
    if (store.driveMode) return;
    const target = eventTargetElement(event);
    setHover({ type: 'POINTER_OVER', key: target ? keyOf(nearestIdentified(target)) : null });
  }

  function onPointerDown(event: PointerEvent): void {
    swallowNextClick = false;
    if (store.driveMode || editing()) return;
    const path = event.composedPath();
    const onEditTextButton = path.some((node) => node instanceof Element && node.classList.contains('edit-dynamic-text'));
    const target = eventTargetElement(event);
    const nearest = target ? nearestIdentified(target) : null;
    // The storyboard itself is not dragged.
    const key = nearest && nearest !== storyboardRoot() ? keyOf(nearest) : null;
    const element = elementFor(key);
    const rect = element?.getBoundingClientRect();
    drag({
      type: 'POINTER_DOWN',
      button: event.button,
      onEditTextButton,
      key,
      point: { x: event.clientX, y: event.clientY },
      offset: { x: rect ? event.clientX - rect.left : 0, y: rect ? event.clientY - rect.top : 0 },
    });
  }

  function onPointerMove(event: PointerEvent): void {
    sendMouseMove({ pageX: event.pageX, pageY: event.pageY, clientX: event.clientX, clientY: event.clientY });
    if (store.driveMode) return;
    drag({ type: 'POINTER_MOVE', point: { x: event.clientX, y: event.clientY }, buttons: event.buttons, zoom: store.zoomPerc, aiContext: store.aiContext });
  }

  function onPointerUp(event: PointerEvent): void {
    if (store.driveMode) return;
    drag({ type: 'POINTER_UP', point: { x: event.clientX, y: event.clientY } });
  }

  function onClick(event: MouseEvent): void {
    if (store.driveMode) return;
    const target = eventTargetElement(event);
    if (!target) return;
    if (swallowNextClick) {
      swallowNextClick = false;
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    if (editing()) {
      const editingKey = store.textEdit.kind === 'editing' ? store.textEdit.key : null;
      const editingElement = elementFor(editingKey);
      if (editingElement?.contains(target)) return;
      editText({ type: 'CLICK_ELSEWHERE', currentText: editingElement ? textOf(editingElement) : '' });
    }
    // The page is being edited, not used: its own click handlers (links, buttons) must not run.
    event.preventDefault();
    event.stopPropagation();
    if (event.button !== 0) return;
    const nearest = nearestIdentified(target);
    const nearestKey = keyOf(nearest);
    const exactKey = codebaseIdOf(target) ? keyOf(target) : null;
    const alreadySelected = nearestKey !== null && store.selection.kind === 'element' && store.selection.key === nearestKey;
    if (alreadySelected && !event.shiftKey && !event.ctrlKey && !event.metaKey) {
      startTextEditing(nearestKey, nearest);
      return;
    }
    select({
      type: 'CLICK',
      target: { nearestKey, exactKey, isStoryboard: nearest === storyboardRoot() },
      ctrlOrMeta: event.ctrlKey || event.metaKey,
      shift: event.shiftKey,
      areSiblings: (a, b) => {
        const ea = elementFor(a);
        const eb = elementFor(b);
        return !!ea && !!eb && ea !== eb && ea.parentElement === eb.parentElement;
      },
    });
  }

  function keyData(event: KeyboardEvent): KeyboardEventData {
    const active = document.activeElement;
    return {
      key: event.key,
      metaKey: event.metaKey,
      shiftKey: event.shiftKey,
      ctrlKey: event.ctrlKey,
      activeElement: active
        ? { tagName: active.tagName, isContentEditable: (active as HTMLElement).isContentEditable ?? false, elementType: active.getAttribute('type') }
        : null,
    };
  }

  const listeners: [string, EventListener][] = [
    ['pointerover', onPointerOver as EventListener],
    ['pointerdown', onPointerDown as EventListener],
    ['pointermove', onPointerMove as EventListener],
    ['pointerup', onPointerUp as EventListener],
    ['click', onClick as EventListener],
    ['keydown', ((event: KeyboardEvent) => {
      if (event.key === 'Alt') setHover({ type: 'SUPPRESS', reason: 'alt' });
      channel.post('KEY_DOWN', keyData(event));
    }) as EventListener],
    ['keyup', ((event: KeyboardEvent) => {
      if (event.key === 'Alt') setHover({ type: 'RELEASE', reason: 'alt' });
      channel.post('KEY_UP', keyData(event));
    }) as EventListener],
    ['wheel', ((event: WheelEvent) => sendWheel(event)) as EventListener],
    ['contextmenu', ((event: MouseEvent) => {
      if (store.driveMode) return;
      event.preventDefault();
      channel.post('CONTEXT_REQUESTED', { clientX: event.clientX, clientY: event.clientY });
    }) as EventListener],
  ];
  for (const [type, listener] of listeners) document.addEventListener(type, listener, { capture: true, passive: type === 'wheel' ? true : undefined });
  window.addEventListener('scroll', () => redraw(), { passive: true });
  window.addEventListener('resize', () => redraw());
  window.addEventListener('blur', () => setHover({ type: 'RELEASE', reason: 'alt' }));

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

  // ------------------------------------------------------------------ handlers
  const selectedElement = (key?: string) => elementFor(key ?? primaryKey(store.selection));

  function applyModifiers(modifiers: string[]): string[] {
    const allowed = modifiers.filter(isInstantModifier);
    const element = selectedElement();
    quiet(() => {
      for (const el of document.querySelectorAll('[class*="tempo-force-"]')) {
        for (const name of [...el.classList]) if (name.startsWith('tempo-force-')) el.classList.remove(name);
      }
      if (element) element.classList.add(...allowed.map(forceStateClass));
    });
    store.modifiers = allowed;
    return allowed;
  }

  async function capture(args: { elementKey?: string; codebaseId?: string; componentKey?: string }): Promise<void> {
    const key = args.elementKey ?? primaryKey(store.selection);
    const element = (key ? elementFor(key) : null) ?? (args.codebaseId ? document.querySelector(`[data-codebase-id="${CSS.escape(args.codebaseId)}"]`) : null);
    const ids = {
      componentKey: args.componentKey ?? key ?? '',
      codebaseId: args.codebaseId ?? (key ? (parseElementKey(key)?.codebaseId ?? '') : ''),
      storyboardId: store.storyboardId,
      canvasId: store.canvasId,
    };
    try {
      if (!(element instanceof HTMLElement)) throw new Error('Could not find element to capture');
      const imageDataUrl = await captureElement(element, isOverlayNode, (message) => console.warn(message));
      channel.post('COMPONENT_PREVIEW_CAPTURED', { imageDataUrl, ...ids });
    } catch (error) {
      channel.post('COMPONENT_PREVIEW_ERROR', { error: error instanceof Error ? error.message : String(error), ...ids });
    }
  }

  function sendCssReports(key: string | null): void {
    const element = elementFor(key);
    if (!element) return;
    channel.post('PROCESSED_CSS_RULES_FOR_ELEMENT', { elementKey: key, rules: processRules(element, quiet, document.getElementById('plantation-studio-instant-styles')) });
    channel.post('CSS_EVALS', { elementKey: key, evals: cssEvals(element) });
    channel.post('ELEMENT_CLASS_LIST', { elementKey: key, classList: [...element.classList] });
  }

  const handlers = {
    initProject(args) {
      if (args.storyboardId !== undefined) store.storyboardId = checkedStoryboardId(args.storyboardId);
      if (args.canvasId !== undefined) store.canvasId = checkedStoryboardId(args.canvasId);
      if (typeof args.zoomPerc === 'number' && args.zoomPerc > 0) store.zoomPerc = args.zoomPerc;
      if (typeof args.aiContext === 'boolean') store.aiContext = args.aiContext;
      store.driveMode = readDriveMode(store.storyboardId);
      applyDriveModeCursor(store.driveMode);
      void rebuildNavTree();
      channel.post('LATEST_HREF', { href: location.href });
      // An error overlay already up when the editor connects (a build error at load) is reported at once.
      if (store.query.framework === 'VITE') postHydration();
      return { storyboardId: store.storyboardId, canvasId: store.canvasId };
    },
    setNewLookups({ lookups }) {
      store.lookups = new Map(Object.entries(lookups ?? {}));
      void rebuildNavTree();
      return { count: store.lookups.size };
    },
    setHoveredElement({ elementKey }) {
      if (elementKey) checkedKey(elementKey);
      setHover({ type: 'POINTER_OVER', key: elementKey ?? null });
      return { elementKey: visibleHoverKey(store.hover) };
    },
    setSelectedElement({ elementKey }) {
      if (elementKey) checkedKey(elementKey);
      const isStoryboard = elementKey ? parseElementKey(elementKey)?.codebaseId === STORYBOARD_CODEBASE_ID : false;
      const apply = () => {
        select({ type: 'SET', key: elementKey ?? null, isStoryboard });
        if (elementKey) sendCssReports(elementKey);
      };
      if (elementKey && !elementFor(elementKey)) {
        // An element a change is about to bring (an added or moved one): selected once the tree has it.
        waiting.push({ matches: () => tree?.elements.has(elementKey) === true, run: apply });
        return { elementKey: primaryKey(store.selection) };
      }
      apply();
      return { elementKey: primaryKey(store.selection) };
    },
    setMultiselectedElementKeys({ elementKeys }) {
      for (const key of elementKeys ?? []) checkedKey(key);
      select({ type: 'SET_MULTI', keys: elementKeys ?? [] });
      return { elementKeys: [...selectedKeys(store.selection)] };
    },
    async applyChangeItemToDocument({ changeItem }) {
      if (store.isFlushing && !instantDuringFlush(changeItem)) {
        const held = { changeId: changeItem.id, success: false, sendNewNavTree: false, instantUpdateData: {} };
        channel.post('INSTANT_UPDATE_DONE', held);
        return held;
      }
      const result = await quietAsync(() => applyChangeItem(changeItem, { storyboardId: store.storyboardId, log: (message, error) => console.error(message, error ?? '') }));
      channel.post('INSTANT_UPDATE_DONE', result);
      if (result.sendNewNavTree) void rebuildNavTree();
      else redraw();
      return result;
    },
    updateCodebaseIds({ prevIdToNewIdMap, newTreeElementLookup }) {
      const updated = quiet(() => remapCodebaseIds(prevIdToNewIdMap ?? {}));
      if (newTreeElementLookup) for (const [id, lookup] of Object.entries(newTreeElementLookup)) store.lookups.set(id, lookup);
      const remapKey = (key: string) => {
        const tempo = parseElementKey(key);
        const next = tempo && prevIdToNewIdMap[tempo.codebaseId];
        return next && tempo ? `${next}|${tempo.storyboardId}|${tempo.uniquePath}` : key;
      };
      store.selection = selectionTransition(store.selection, { type: 'SET_MULTI', keys: selectedKeys(store.selection).map(remapKey) });
      void rebuildNavTree();
      return { updated };
    },
    enableDriveMode() {
      store.driveMode = true;
      writeDriveMode(store.storyboardId, true);
      applyDriveModeCursor(true);
      setHover({ type: 'SUPPRESS', reason: 'drive' });
      setHover({ type: 'CLEAR' });
      drag({ type: 'CANCEL' });
      redraw();
      return { driveMode: true };
    },
    disableDriveMode() {
      store.driveMode = false;
      writeDriveMode(store.storyboardId, false);
      applyDriveModeCursor(false);
      setHover({ type: 'RELEASE', reason: 'drive' });
      redraw();
      return { driveMode: false };
    },
    processRulesForSelectedElement() {
      const element = selectedElement();
      const rules = element ? processRules(element, quiet, document.getElementById('plantation-studio-instant-styles')) : [];
      channel.post('PROCESSED_CSS_RULES_FOR_ELEMENT', { elementKey: primaryKey(store.selection), rules });
      return { rules };
    },
    setModifiersForSelectedElement({ modifiers }) {
      const applied = applyModifiers(modifiers ?? []);
      redraw();
      return { modifiers: applied };
    },
    getCssEvals({ elementKey }) {
      const element = selectedElement(elementKey);
      const evals = element ? cssEvals(element) : null;
      channel.post('CSS_EVALS', { elementKey: elementKey ?? primaryKey(store.selection), evals });
      return evals;
    },
    ruleMatchesElement({ elementKey, selector }) {
      const element = selectedElement(elementKey);
      if (!element) return { matches: false, valid: false };
      return ruleMatchesElement(element, selector);
    },
    getElementClassList({ elementKey }) {
      const classList = [...(selectedElement(elementKey)?.classList ?? [])];
      channel.post('ELEMENT_CLASS_LIST', { elementKey: elementKey ?? primaryKey(store.selection), classList });
      return { classList };
    },
    dispatchEvent({ eventName, detail }) {
      if (typeof eventName !== 'string' || !eventName) return { dispatched: false };
      return { dispatched: window.dispatchEvent(new CustomEvent(eventName, { detail })) };
    },
    updateOutlines() {
      return { outlines: redraw() };
    },
    goBack() {
      // Only with a referrer (spec §5): without one, back would leave the studio frame's page altogether.
      if (!document.referrer) return { navigated: false };
      history.back();
      return { navigated: true };
    },
    goForward() {
      history.forward();
      return { navigated: true };
    },
    refresh() {
      setTimeout(() => location.reload(), 0);
      return { refreshing: true };
    },
    syntheticMouseOver({ clientX, clientY }) {
      const target = document.elementFromPoint(clientX, clientY);
      const key = target && !isOverlayNode(target) ? keyOf(nearestIdentified(target)) : null;
      setHover({ type: 'POINTER_OVER', key });
      return { elementKey: key };
    },
    syntheticMouseMove({ clientX, clientY }) {
      drag({ type: 'POINTER_MOVE', point: { x: clientX, y: clientY }, buttons: 1, zoom: store.zoomPerc, aiContext: store.aiContext });
      return { dragging: store.drag.kind === 'dragging' };
    },
    syntheticMouseUp({ clientX, clientY }) {
      const wasDragging = store.drag.kind === 'dragging';
      drag({ type: 'POINTER_UP', point: { x: clientX, y: clientY } });
      return { dragEnded: wasDragging };
    },
    clearHoveredOutlines() {
      setHover({ type: 'CLEAR' });
      redraw();
      return { cleared: true };
    },
    setZoomPerc({ zoomPerc }) {
      if (typeof zoomPerc === 'number' && zoomPerc > 0) store.zoomPerc = zoomPerc;
      redraw();
      return { zoomPerc: store.zoomPerc };
    },
    setAiContext({ aiContext }) {
      store.aiContext = aiContext === true;
      redraw();
      return { aiContext: store.aiContext };
    },
    tempMoveElement({ elementKey, beforeElementKey, afterElementKey }) {
      const element = elementFor(elementKey);
      const before = elementFor(beforeElementKey ?? null);
      const after = elementFor(afterElementKey ?? null);
      const anchor = before ?? after;
      if (!element || !anchor || !anchor.parentElement) return { moved: false };
      const [parent, next] = [element.parentElement, element.nextSibling];
      quiet(() => {
        element.setAttribute(MOVING_ELEMENT_ATTRIBUTE, '');
        if (before) before.before(element);
        else after!.after(element);
      });
      tempMoves.push(() => {
        parent?.insertBefore(element, next);
        element.removeAttribute(MOVING_ELEMENT_ATTRIBUTE);
      });
      redraw();
      return { moved: true };
    },
    tempAddDiv({ parentElementKey, index, width, height }) {
      const parent = elementFor(parentElementKey);
      if (!parent) return { added: false };
      const div = document.createElement('div');
      div.setAttribute(MOVING_ELEMENT_ATTRIBUTE, '');
      div.style.cssText = `width:${width ?? 40}px;height:${height ?? 20}px;outline:1px dashed #4597F7;`;
      quiet(() => parent.insertBefore(div, parent.children[index ?? parent.children.length] ?? null));
      tempMoves.push(() => div.remove());
      return { added: true };
    },
    tempMoveToNewParent({ elementKey, newParentElementKey, index }) {
      const element = elementFor(elementKey);
      const parent = elementFor(newParentElementKey);
      if (!element || !parent || element.contains(parent)) return { moved: false };
      const [oldParent, next] = [element.parentElement, element.nextSibling];
      quiet(() => {
        element.setAttribute(MOVING_ELEMENT_ATTRIBUTE, '');
        parent.insertBefore(element, parent.children[index ?? parent.children.length] ?? null);
      });
      tempMoves.push(() => {
        oldParent?.insertBefore(element, next);
        element.removeAttribute(MOVING_ELEMENT_ATTRIBUTE);
      });
      redraw();
      return { moved: true };
    },
    checkIfHydrationError() {
      const status = checkHydrationStatus(store.query.framework);
      channel.post('HYDRATION_STATUS', status);
      return status;
    },
    triggerDragStart({ elementKey, clientX, clientY }) {
      const key = elementKey ?? primaryKey(store.selection);
      if (key && !store.aiContext && !store.driveMode) drag({ type: 'START', key, point: { x: clientX ?? 0, y: clientY ?? 0 } });
      return { dragging: store.drag.kind === 'dragging' };
    },
    triggerDragCancel() {
      const wasDragging = store.drag.kind !== 'idle';
      drag({ type: 'CANCEL' });
      return { cancelled: wasDragging };
    },
    setIsFlushing({ isFlushing }) {
      store.isFlushing = isFlushing === true;
      const prepared = store.isFlushing ? quiet(() => prepareDeleteAfterRefresh()) : 0;
      return { isFlushing: store.isFlushing, prepared };
    },
    captureComponentPreview(args) {
      void capture(args);
      return { started: true };
    },
  } satisfies FrameFunctionHandlers;

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
