/**
 * The 33 functions the studio's editor calls in the frame (spec §7), one entry each; the table must satisfy the
 * protocol's map, so a function added there and not handled here fails to compile.
 */
import { STORYBOARD_CODEBASE_ID } from '@contracts/dom.js';
import { parseElementKey, type FrameFunctionHandlers } from '@contracts/frame-protocol.js';
import { captureElement } from './capture.js';
import { forceStateClass, isInstantModifier } from './class-names.js';
import { cssEvals, processRules, ruleMatchesElement } from './css-rules.js';
import { applyDriveModeCursor, readDriveMode, writeDriveMode } from './drive-mode.js';
import { instantDuringFlush } from '@contracts/change-items.js';
import { nearestIdentified } from './element-identity.js';
import { liveDropLayout } from './drop-layout.js';
import { MOVING_ELEMENT_ATTRIBUTE } from './hot-reload-filter.js';
import { visibleHoverKey } from './hover-machine.js';
import { checkHydrationStatus } from './hydration.js';
import { applyChangeItem, prepareDeleteAfterRefresh, remapCodebaseIds } from './instant-updates.js';
import { afterNextPaint } from './nav-tree.js';
import type { OverlayContext } from './overlay-context.js';
import { primaryKey, selectedKeys, selectionTransition } from './selection-machine.js';

export function createFrameHandlers(ctx: OverlayContext): FrameFunctionHandlers {
  const { store, channel, elementFor, keyOf, isOverlayNode, checkedKey, checkedStoryboardId, redraw, quiet, quietAsync, rebuildNavTree, setHover, select, drag, postHydration } = ctx;

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

  return {
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
        ctx.whenTreeMatches(() => ctx.hasKey(elementKey), apply);
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
      // The rebuild starts once the change has been painted: its first slice would hold that frame back.
      if (result.sendNewNavTree) void afterNextPaint().then(rebuildNavTree);
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
    syntheticMouseOver({ clientX, clientY, dropLayoutFor }) {
      const target = document.elementFromPoint(clientX, clientY);
      const key = target && !isOverlayNode(target) ? keyOf(nearestIdentified(target)) : null;
      setHover({ type: 'POINTER_OVER', key });
      if (typeof dropLayoutFor !== 'string') return { elementKey: key };
      const sources = { nodeFor: ctx.nodeFor, elementFor, scroll: { x: window.scrollX, y: window.scrollY } };
      return { elementKey: key, dropLayout: liveDropLayout(key, dropLayoutFor, { clientX, clientY }, sources) };
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
      ctx.addTempMove(() => {
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
      ctx.addTempMove(() => div.remove());
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
      ctx.addTempMove(() => {
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
}
