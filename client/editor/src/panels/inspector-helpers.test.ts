import { describe, expect, it } from 'vitest';
import type { ProcessedCssRule } from '@contracts/frame-protocol.js';
import type { ElementSourceInfo } from '@contracts/studio-api.js';
import { filterStyles, isPageRule, ruleOrigin } from './computed-section';
import { tagProblem } from './tag-section';
import { visibleTextOf } from './text-section';
import { readOnlyReasonOf } from './use-selected-element';

const ID = 'tempo-00000000-0000-4000-8000-000000000001';
const info = { codebaseId: ID, file: 'src/a.tsx', line: 3, column: 5 } as ElementSourceInfo;

describe('inspector helpers', () => {
  it('filters computed styles by property or value', () => {
    const styles = { display: 'flex', 'flex-direction': 'row', color: 'rgb(0, 0, 0)' };
    expect(filterStyles(styles, 'FLEX')).toEqual([
      ['display', 'flex'],
      ['flex-direction', 'row'],
    ]);
    expect(filterStyles(styles, '')).toHaveLength(3);
  });

  it('says where a rule comes from', () => {
    const rule = { filename: 'http://127.0.0.1:4600/src/styles.css?t=1', selector: '.p-4' } as ProcessedCssRule;
    expect(ruleOrigin(rule)).toBe('/src/styles.css?t=1');
    expect(ruleOrigin({ ...rule, filename: '' })).toBe('inline or generated');
    expect(ruleOrigin({ ...rule, filename: 'styles.css' })).toBe('styles.css');
    expect(isPageRule(rule)).toBe(true);
    expect(isPageRule({ ...rule, filename: '#plantation-studio-cursor' })).toBe(false);
  });

  it('accepts tag names the engine can write', () => {
    expect(tagProblem('section')).toBeNull();
    expect(tagProblem('motion.div')).toBeNull();
    expect(tagProblem('my-element')).toBeNull();
    expect(tagProblem('')).toBe('Type a tag name');
    expect(tagProblem('1div')).toBe('"1div" is not a tag name');
    expect(tagProblem('div onclick')).toBe('"div onclick" is not a tag name');
  });

  it('shows text the way the engine compares it', () => {
    expect(visibleTextOf(['  Quản lý\n   ', 'quốc gia '])).toBe('Quản lý quốc gia');
    expect(visibleTextOf([])).toBe('');
  });

  it('says why an element is read-only', () => {
    expect(readOnlyReasonOf(ID, info, false, true)).toBeNull();
    expect(readOnlyReasonOf(ID, info, false, false)).toContain('cannot write source');
    expect(readOnlyReasonOf(ID, null, true, true)).toContain('comes from a library');
    expect(readOnlyReasonOf(ID, null, false, true)).toContain('Looking the element up');
    expect(readOnlyReasonOf('tempo-storyboard-root', null, false, true)).toContain('frame itself');
    expect(readOnlyReasonOf('tempo-wrap-in-div-placeholder', null, false, true)).toContain('being written');
  });
});
