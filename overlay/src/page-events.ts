/**
 * The page's own events while the studio edits it: pointer and click into the hover, drag, handles, selection and
 * text-editing interactions; keys, wheel, pointer moves and context-menu requests forwarded to the parent (moves and
 * wheel throttled to 50 ms, leading and trailing).
 */
import { frameHoldsBackKey } from '@contracts/editor-keys.js';
import { keyboardEventData, START_TEXT_EDIT_EVENT, type KeyboardEventData } from '@contracts/frame-protocol.js';
import { codebaseIdOf, nearestIdentified, storyboardRoot } from './element-identity.js';
import type { HandleId } from './handle-drag-machine.js';
import type { OverlayParts } from './overlay-parts.js';
import { textOf } from './text-edit-interaction.js';
import { throttle } from './throttle.js';

/** A key the editor takes as its command is not the console page's too: no focus move on Tab, no page zoom on ⌘/Ctrl+=. */
function holdBackEditorKey(event: KeyboardEvent, data: KeyboardEventData, driveMode: boolean, hasSelection: boolean): KeyboardEventData {
  if (!driveMode && frameHoldsBackKey(data, hasSelection)) event.preventDefault();
  return data;
}

/**
 * A double click edits the text where it was made: its first click selected the element, and its second may have
 * come before that selection settled (a fast double click), so the edit starts here if it has not yet.
 */
function startTextEditOnDoubleClick(
  { store, tree, selection, textEdit }: Pick<OverlayParts, 'store' | 'tree' | 'selection' | 'textEdit'>,
  target: Element | null,
  event: MouseEvent,
): void {
  if (store.driveMode || textEdit.editingKey !== null || !target || event.button !== 0 || event.shiftKey || event.ctrlKey || event.metaKey) return;
  const nearest = nearestIdentified(target);
  const nearestKey = nearest === storyboardRoot() ? null : (tree.componentKeyOf(nearest) ?? tree.keyOf(nearest));
  if (!nearestKey) return;
  event.preventDefault();
  event.stopPropagation();
  if (selection.primary !== nearestKey || selection.keys.length !== 1) selection.send({ type: 'SET', key: nearestKey });
  textEdit.start(nearestKey, nearest);
}

/**
 * A right click selects the element under the pointer unless it is already part of the selection (as in Figma), and
 * asks the editor for its menu; the page's own menu never shows while editing (text edited in place keeps it).
 */
function requestContextMenu(
  { store, channel, tree, selection, textEdit }: Pick<OverlayParts, 'store' | 'channel' | 'tree' | 'selection' | 'textEdit'>,
  target: Element | null,
  event: MouseEvent,
): void {
  if (store.driveMode || textEdit.editingKey !== null) return;
  event.preventDefault();
  const nearest = target ? nearestIdentified(target) : null;
  const key = nearest && nearest !== storyboardRoot() ? (tree.componentKeyOf(nearest) ?? tree.keyOf(nearest)) : null;
  if (key && !selection.keys.includes(key)) selection.send({ type: 'SET', key });
  channel.post('CONTEXT_REQUESTED', { clientX: event.clientX, clientY: event.clientY, elementKey: key });
}

/**
 * A click while a text is edited: the edit's own (inside the text, or Space typed into text a button wraps, which
 * clicks the button with no pointer), or one elsewhere, which ends the edit.
 */
function clickEndsTextEdit(textEdit: OverlayParts['textEdit'], target: Element, event: MouseEvent): 'own' | 'ended' {
  const editingElement = textEdit.editingElement;
  if (editingElement?.contains(target)) return 'own';
  if (event.detail === 0 && editingElement && target.contains(editingElement)) {
    event.preventDefault();
    event.stopPropagation();
    return 'own';
  }
  textEdit.send({ type: 'CLICK_ELSEWHERE', currentText: editingElement ? textOf(editingElement) : '' });
  return 'ended';
}

/**
 * A click on the page selects: the selected element clicked again starts its text edit; otherwise the nearest product
 * element (where a component's own markup starts, the component as it is used), with Shift or ⌘/Ctrl among siblings.
 */
function selectOnClick({ tree, selection, textEdit }: Pick<OverlayParts, 'tree' | 'selection' | 'textEdit'>, target: Element, event: MouseEvent): void {
  const nearest = nearestIdentified(target);
  const nearestKey = tree.componentKeyOf(nearest) ?? tree.keyOf(nearest);
  const exactKey = codebaseIdOf(target) ? tree.keyOf(target) : null;
  const current = selection.current;
  const alreadySelected = nearestKey !== null && current.kind === 'element' && current.key === nearestKey;
  if (alreadySelected && !event.shiftKey && !event.ctrlKey && !event.metaKey) {
    textEdit.start(nearestKey, nearest);
    return;
  }
  selection.send({
    type: 'CLICK',
    target: { nearestKey, exactKey, isStoryboard: nearest === storyboardRoot() },
    ctrlOrMeta: event.ctrlKey || event.metaKey,
    shift: event.shiftKey,
    areSiblings: (a, b) => {
      const ea = tree.elementFor(a);
      const eb = tree.elementFor(b);
      return !!ea && !!eb && ea !== eb && ea.parentElement === eb.parentElement;
    },
  });
}

const MODIFIER_KEYS = new Set(['Shift', 'Alt', 'Control', 'Meta']);
const handleModifiers = (event: MouseEvent | KeyboardEvent) => ({ shift: event.shiftKey, alt: event.altKey, free: event.ctrlKey || event.metaKey });

/** The handle a press is on, from the event's path through the overlay's shadow root; null when none. */
function pressedHandle(event: Event): { id: HandleId; key: string } | null {
  const node = event.composedPath().find((candidate) => candidate instanceof HTMLElement && candidate.classList.contains('style-handle')) as HTMLElement | undefined;
  return node?.dataset.handle && node.dataset.key ? { id: node.dataset.handle as HandleId, key: node.dataset.key } : null;
}

/**
 * A handle's drag takes the keys it reads (its modifiers, Escape to put the element back) before they are
 * forwarded; answers whether the key was the drag's alone.
 */
function handleKey(handles: OverlayParts['handles'], event: KeyboardEvent): boolean {
  if (!handles.isDragging) return false;
  if (event.type === 'keydown' && event.key === 'Escape') {
    event.preventDefault();
    handles.send({ type: 'CANCEL' });
    return true;
  }
  if (MODIFIER_KEYS.has(event.key)) handles.send({ type: 'MODIFIERS', modifiers: handleModifiers(event) });
  return false;
}

/**
 * A Shift or Ctrl/⌘ press selects elements, so it must not extend the page's text selection; kept from that, it must
 * still take the keyboard into the frame as a plain click does: the keys that follow (Shift+Enter, Tab) are the
 * frame's, not those of a panel's field that had the focus.
 */
function keepTextUnselected(event: MouseEvent): void {
  if (!(event.shiftKey || event.ctrlKey || event.metaKey)) return;
  event.preventDefault();
  window.focus();
}

/** What the page forwards to the editor as it is: its keys (Alt also holds the hover back) and the wheel. */
function forwardingListeners({ store, channel, hover, selection, handles }: Pick<OverlayParts, 'store' | 'channel' | 'hover' | 'selection' | 'handles'>): [string, EventListener][] {
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
  const keyData = (event: KeyboardEvent): KeyboardEventData => keyboardEventData(event, document.activeElement as HTMLElement | null);
  return [
    ['keydown', ((event: KeyboardEvent) => {
      if (handleKey(handles, event)) return;
      if (event.key === 'Alt') hover.send({ type: 'SUPPRESS', reason: 'alt' });
      channel.post('KEY_DOWN', holdBackEditorKey(event, keyData(event), store.driveMode, selection.primary !== null));
    }) as EventListener],
    ['keyup', ((event: KeyboardEvent) => {
      handleKey(handles, event);
      if (event.key === 'Alt') hover.send({ type: 'RELEASE', reason: 'alt' });
      channel.post('KEY_UP', keyData(event));
    }) as EventListener],
    ['wheel', ((event: WheelEvent) => sendWheel(event)) as EventListener],
  ];
}

export function listenToPage({ store, channel, tree, hover, selection, drag, textEdit, handles, redraw }: OverlayParts): void {
  // The click that follows the pointer up of a drag is the end of that drag, not a click on the element.
  let swallowNextClick = false;
  // A press on a handle: its pointer up ends the handle's drag (or a drag Escape ended), never a click on the page.
  let pressedOnHandle = false;

  const sendMouseMove = throttle((data: { pageX: number; pageY: number; clientX: number; clientY: number }) => channel.post('MOUSE_MOVE', data));

  const editing = () => textEdit.editingKey !== null;
  const eventTargetElement = (event: Event) => {
    const target = event.composedPath()[0];
    return target instanceof Element && !tree.isOverlayNode(target) ? target : null;
  };

  function onPointerOver(event: PointerEvent | MouseEvent): void {
    if (store.driveMode) return;
    const target = eventTargetElement(event);
    hover.send({ type: 'POINTER_OVER', key: target ? tree.keyOf(nearestIdentified(target)) : null });
  }

  function onPointerDown(event: PointerEvent): void {
    swallowNextClick = false;
    pressedOnHandle = false;
    if (store.driveMode || editing()) return;
    const handle = event.button === 0 ? pressedHandle(event) : null;
    if (handle && handles.press(handle.key, handle.id, { x: event.clientX, y: event.clientY }, handleModifiers(event))) {
      pressedOnHandle = true;
      // The handle's drag, not a text selection or an element's drag.
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    const path = event.composedPath();
    const onEditTextButton = path.some((node) => node instanceof Element && node.classList.contains('edit-dynamic-text'));
    const target = eventTargetElement(event);
    const nearest = target ? nearestIdentified(target) : null;
    // The storyboard itself is not dragged. Where a component's markup starts, the component as it is used is dragged,
    // as a click selects it (a grid's card moves at its call site, not inside the card's file), unless that markup's
    // own element is what is selected.
    const ownKey = nearest && nearest !== storyboardRoot() ? tree.keyOf(nearest) : null;
    const useKey = nearest && ownKey && !selection.keys.includes(ownKey) ? tree.componentKeyOf(nearest) : null;
    const key = useKey ?? ownKey;
    const element = tree.elementFor(key);
    const rect = element?.getBoundingClientRect();
    drag.send({
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
    if (handles.isDragging) {
      // A move with no button pressed: the release happened outside the frame, where it was not seen.
      handles.send(event.buttons === 0 ? { type: 'CANCEL' } : { type: 'MOVE', point: { x: event.clientX, y: event.clientY }, modifiers: handleModifiers(event) });
      return;
    }
    const effects = drag.send({ type: 'POINTER_MOVE', point: { x: event.clientX, y: event.clientY }, buttons: event.buttons, zoom: store.zoomPerc, aiContext: store.aiContext });
    if (effects.includes('dragCancel')) swallowNextClick = true;
  }

  function onPointerUp(event: PointerEvent): void {
    if (store.driveMode) return;
    if (pressedOnHandle) {
      pressedOnHandle = false;
      swallowNextClick = true;
      if (!handles.isDragging) return;
      handles.send({ type: 'MOVE', point: { x: event.clientX, y: event.clientY }, modifiers: handleModifiers(event) });
      handles.send({ type: 'RELEASE' });
      return;
    }
    const effects = drag.send({ type: 'POINTER_UP', point: { x: event.clientX, y: event.clientY }, copy: event.altKey });
    if (effects.includes('dragEnd')) swallowNextClick = true;
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
    if (editing() && clickEndsTextEdit(textEdit, target, event) === 'own') {
      // A click in a link's text being edited places the caret: the link is not followed (its router checks this).
      if (target.closest('a')) event.preventDefault();
      return;
    }
    // The page is being edited, not used: its own click handlers (links, buttons) must not run.
    event.preventDefault();
    event.stopPropagation();
    if (event.button !== 0) return;
    selectOnClick({ tree, selection, textEdit }, target, event);
  }

  const listeners: [string, EventListener][] = [
    ['pointerover', onPointerOver as EventListener],
    ['pointerdown', onPointerDown as EventListener],
    // A Shift or ⌘/Ctrl click adds to the selection of elements: it must not extend a selection of the page's text.
    ['mousedown', ((event: MouseEvent) => void (!store.driveMode && !editing() && keepTextUnselected(event))) as EventListener],
    ['pointermove', onPointerMove as EventListener],
    ['pointerup', onPointerUp as EventListener],
    ['click', onClick as EventListener],
    ['dblclick', ((event: MouseEvent) => startTextEditOnDoubleClick({ store, tree, selection, textEdit }, eventTargetElement(event), event)) as EventListener],
    // The browser's own drag (a link, an image, selected text) would silently take the pointer from the studio's:
    // while editing, every element is moved by the studio's drag (text edited in place keeps the browser's).
    ['dragstart', ((event: DragEvent) => void (store.driveMode || editing() || event.preventDefault())) as EventListener],
    ['contextmenu', ((event: MouseEvent) => requestContextMenu({ store, channel, tree, selection, textEdit }, eventTargetElement(event), event)) as EventListener],
    ...forwardingListeners({ store, channel, hover, selection, handles }),
  ];
  for (const [type, listener] of listeners) document.addEventListener(type, listener, { capture: true, passive: type === 'wheel' ? true : undefined });
  // Enter in the editor on a selected text: the same start as a click on the selected element.
  window.addEventListener(START_TEXT_EDIT_EVENT, (event) => {
    const key = (event as CustomEvent<{ elementKey?: unknown } | null>).detail?.elementKey;
    const element = typeof key === 'string' ? tree.elementFor(key) : null;
    if (typeof key !== 'string' || !element || store.driveMode || editing()) return;
    selection.send({ type: 'SET', key });
    textEdit.start(key, element);
  });
  window.addEventListener('scroll', () => redraw(), { passive: true });
  window.addEventListener('resize', () => redraw());
  window.addEventListener('blur', () => hover.send({ type: 'RELEASE', reason: 'alt' }));
}
