/**
 * What the MCP tools answer, made from the agent calls' answers: text a coding agent reads (`file:line`, snippets,
 * ids it can pass back) and images as their own contents. Plain objects shaped as MCP contents, so this module needs
 * neither the SDK nor a server.
 */
import type {
  AgentChangeAnswer,
  AgentChangeList,
  AgentFindAnswer,
  AgentFoundElement,
  AgentImage,
  AgentScreenshot,
  AgentSelectedElement,
  AgentSelection,
} from '../../contracts/agent-api.js';
import type { ThemeOutput } from './tool-outputs.js';
import type { HistoryItem, HistoryStepAnswer, SourceProp } from '../../contracts/studio-api.js';

export type ToolContent = { type: 'text'; text: string } | { type: 'image'; data: string; mimeType: string };

const text = (value: string): ToolContent => ({ type: 'text', text: value });
const image = ({ data, mimeType }: AgentImage): ToolContent => ({ type: 'image', data, mimeType });

function propText(name: string, prop: SourceProp): string {
  if (prop.kind === 'expression') return `${name}={${prop.text}}`;
  if (typeof prop.value === 'string') return `${name}=${JSON.stringify(prop.value)}`;
  if (prop.value === true) return name;
  return `${name}={${String(prop.value)}}`;
}

/** A source snippet as a fenced block, fenced longer than any backtick run inside it. */
function fenced(snippet: string): string {
  const longest = Math.max(2, ...[...snippet.matchAll(/`+/g)].map((match) => match[0].length));
  const fence = '`'.repeat(longest + 1);
  return `${fence}tsx\n${snippet}\n${fence}`;
}

function elementText(element: AgentSelectedElement, index: number): string {
  const lines = [`${index}. ${element.name} <${element.tagName}>  codebaseId: ${element.codebaseId}`];
  const source = element.source;
  if (!source) {
    lines.push('   not in the source (a placeholder, or markup a library renders): it cannot be changed by id');
  } else {
    lines.push(`   at ${source.file}:${source.line}:${source.column}  (rendering: ${source.rendering})`);
    lines.push(`   component: ${source.component ?? 'none (a plain element)'}`);
    const props = Object.entries(source.props).map(([name, prop]) => propText(name, prop));
    if (props.length > 0) lines.push(`   props: ${props.join(' ')}`);
    if (source.classes === null) lines.push('   classes: computed by code (no class text to edit)');
    else if (source.classes) {
      lines.push(`   classes: ${source.classes.always.join(' ') || '(none)'}${source.classes.conditional.length > 0 ? `; conditional: ${source.classes.conditional.join(' ')}` : ''}`);
    }
  }
  const styles = Object.entries(element.keyStyles).map(([property, value]) => `${property}: ${value}`);
  if (styles.length > 0) lines.push(`   key styles: ${styles.join('; ')}`);
  if (source) lines.push(fenced(source.snippet));
  lines.push(element.image ? '   image: the next content' : `   no image: ${element.imageError ?? 'the studio did not capture one'}`);
  return lines.join('\n');
}

/** The selection as text, each element followed by its image. */
export function selectionContent(selection: AgentSelection): ToolContent[] {
  const frames = selection.frames.filter((frame) => frame.elements.length > 0);
  if (frames.length === 0) {
    return [text(`Nothing is selected in the studio (canvas ${selection.canvasId}). Ask the person to select an element, or find one with find_elements.`)];
  }
  const contents: ToolContent[] = [];
  for (const frame of frames) {
    const count = frame.elements.length;
    contents.push(
      text(`Canvas ${selection.canvasId}, frame "${frame.frameName}" (frameId ${frame.frameId}) at ${frame.route}: ${count} selected element${count === 1 ? '' : 's'}.`),
    );
    frame.elements.forEach((element, index) => {
      contents.push(text(elementText(element, index + 1)));
      if (element.image) contents.push(image(element.image));
    });
  }
  return contents;
}

/** The selection without its images (the `studio://selection` resource). */
export function selectionWithoutImages(selection: AgentSelection): AgentSelection {
  return {
    ...selection,
    frames: selection.frames.map((frame) => ({
      ...frame,
      elements: frame.elements.map(({ image: _image, ...element }) => element),
    })),
  };
}

export function foundText(answer: AgentFindAnswer): string {
  if (answer.elements.length === 0) return 'No element matched.';
  const head =
    answer.total > answer.elements.length
      ? `${answer.total} elements matched; the first ${answer.elements.length}:`
      : `${answer.total} element${answer.total === 1 ? '' : 's'} matched:`;
  // Each part only when the agent asked its fields (`fields` of find_elements leaves the others out).
  const entries = answer.elements.map((element: Partial<AgentFoundElement>, index) => {
    const where = [element.file, element.line, element.column].filter((part) => part !== undefined).join(':');
    const place = [where && `at ${where}`, element.writtenIn && `in ${element.writtenIn}`, element.rendering && `(rendering: ${element.rendering})`].filter(Boolean);
    return [
      `${index + 1}. ${element.tagName ? `<${element.tagName}>  ` : ''}codebaseId: ${element.codebaseId}`,
      ...(place.length > 0 ? [`   ${place.join('  ')}`] : []),
      ...(element.snippet === undefined ? [] : [fenced(element.snippet)]),
    ].join('\n');
  });
  return [head, ...entries].join('\n');
}

function idChanges(answer: { prevIdToNewIdMap: Record<string, string>; addedIds: string[]; removedIds?: string[] }): string[] {
  const lines: string[] = [];
  const moved = Object.entries(answer.prevIdToNewIdMap);
  if (moved.length > 0) lines.push(`Ids that changed (use the new ones from now on):\n${moved.map(([from, to]) => `  ${from} → ${to}`).join('\n')}`);
  if (answer.addedIds.length > 0) lines.push(`New elements: ${answer.addedIds.join(', ')}`);
  if (answer.removedIds && answer.removedIds.length > 0) lines.push(`Removed elements (an id of theirs may now name another element): ${answer.removedIds.join(', ')}`);
  return lines;
}

/** `carried`: ids of the body that an earlier write of the session had changed, and the ids they were written with. */
export function changeText(kind: string, answer: AgentChangeAnswer, carried: ReadonlyArray<readonly [string, string]> = []): string {
  const files = answer.changedFiles.map((file) => file.path);
  const lines = [
    files.length === 0
      ? `${kind}: nothing to change (the source already says that); nothing was written.`
      : `${answer.item ? `"${answer.item.name}"` : kind} written to ${files.join(', ')} (canvas ${answer.canvasId}).`,
    answer.appliedBy === 'page'
      ? 'The studio page made it: every frame shows it, and Changes lists it as the agent’s.'
      : 'No studio page is open: the server wrote it; a studio opened later lists it in its history.',
    ...(carried.length > 0
      ? [`Ids your earlier changes had changed were read as the same elements' new ids: ${carried.map(([from, to]) => `${from} → ${to}`).join(', ')}`]
      : []),
    ...idChanges(answer),
  ];
  if (answer.notice) lines.push(answer.notice);
  return lines.join('\n');
}

export function stepText(step: 'Undid' | 'Redid', answer: HistoryStepAnswer): string {
  const lines = [`${step} "${answer.item.name}" (${answer.item.kind}): wrote ${answer.changedFiles.map((file) => file.path).join(', ') || 'nothing'}.`];
  return [...lines, ...idChanges(answer)].join('\n');
}

function itemText(item: HistoryItem): string {
  const state = item.state === 'ready' ? '' : item.state === 'changed-on-disk' ? '  [a file changed on disk since: its undo would be refused]' : '  [a file is missing]';
  const by = item.agent ? `agent ${item.agent.client} (session ${item.agent.session})` : (item.by ?? 'studio');
  return `  "${item.name}" (${item.kind}) by ${by} at ${item.at}: ${item.files.join(', ')}${state}`;
}

export function changesText(list: AgentChangeList): string {
  const lines = [`Canvas ${list.canvasId}: ${list.undoCount} change${list.undoCount === 1 ? '' : 's'} to undo, ${list.redoCount} to redo.`];
  if (list.done.length > 0) lines.push('Done, oldest first (your undo takes back the last of your session):', ...list.done.map(itemText));
  if (list.undone.length > 0) lines.push('Undone, oldest first (your redo writes the last of your session again):', ...list.undone.map(itemText));
  return lines.join('\n');
}

export function screenshotContent(shot: AgentScreenshot): ToolContent[] {
  return [
    text(`Frame "${shot.frameName}" (frameId ${shot.frameId}) at ${shot.route}, viewport ${shot.viewport.width}×${shot.viewport.height}:`),
    image(shot.image),
  ];
}

/** The theme as `themeOutput` made it: a summary of every scale, or one scale's tokens. */
export function themeText(theme: ThemeOutput): string {
  const lines = [
    theme.tailwind
      ? `Tailwind ${theme.tailwind.version}, entry ${theme.tailwind.entry}${theme.tailwind.config ? `, config ${theme.tailwind.config}` : ''}.`
      : 'The project has no Tailwind: no theme tokens.',
  ];
  if (theme.stylingFramework) lines.push(`Styling framework for new styles: ${theme.stylingFramework}.`);
  const summary = Object.values(theme.scales).some((scale) => scale.names);
  if (summary) lines.push('Each scale with its first token names; ask theme with a scale for its tokens and values.');
  for (const [scale, { count, names, tokens }] of Object.entries(theme.scales)) {
    if (names) {
      lines.push(`${scale} (${count}): ${names.join(', ')}${count > names.length ? ', …' : ''}`);
      continue;
    }
    lines.push(`${scale} (${count}${tokens && tokens.length < count ? `, the first ${tokens.length}` : ''}):`);
    for (const token of tokens ?? []) {
      const extra = [token.lineHeight && `line-height ${token.lineHeight}`, token.variable, token.declaredIn && `declared in ${token.declaredIn}`].filter(Boolean);
      lines.push(`  ${token.name}: ${token.value}${extra.length > 0 ? `  (${extra.join(', ')})` : ''}`);
    }
  }
  return lines.join('\n');
}
