import { describe, expect, it } from 'vitest';
import { applyTaskFilter, canSearch, draftOf, taskFilterProblem, taskFilterReducer } from './task-filter';

describe('the task filter', () => {
  it('allows Search in All mode with no value', () => {
    expect(canSearch({ mode: 'all', value: '' })).toBe(true);
    expect(applyTaskFilter({ mode: 'all', value: '' })).toEqual({ by: 'all', id: undefined, page: 0 });
  });

  it('disables Search when a filter is chosen and the value is empty', () => {
    expect(canSearch({ mode: 'robot', value: '' })).toBe(false);
    expect(canSearch({ mode: 'plan', value: '   ' })).toBe(false);
    expect(taskFilterProblem({ mode: 'robot', value: '' })).toBe('empty');
  });

  it('takes only a positive whole number', () => {
    for (const value of ['0', '-3', '1.5', 'abc', '1e3']) {
      expect(taskFilterProblem({ mode: 'plan', value }), value).toBe('Giá trị phải là số nguyên dương');
    }
    expect(canSearch({ mode: 'robot', value: ' 12 ' })).toBe(true);
    expect(applyTaskFilter({ mode: 'robot', value: ' 12 ' })).toEqual({ by: 'robot', id: 12, page: 0 });
  });

  it('moves between modes and resets to All', () => {
    let draft = taskFilterReducer({ mode: 'all', value: '' }, { type: 'mode', mode: 'plan' });
    draft = taskFilterReducer(draft, { type: 'value', value: '7' });
    expect(draft).toEqual({ mode: 'plan', value: '7' });
    expect(taskFilterReducer(draft, { type: 'mode', mode: 'robot' })).toEqual({ mode: 'robot', value: '7' });
    expect(taskFilterReducer(draft, { type: 'mode', mode: 'all' })).toEqual({ mode: 'all', value: '' });
    expect(taskFilterReducer(draft, { type: 'reset' })).toEqual({ mode: 'all', value: '' });
  });

  it('starts the form from the filter in the URL', () => {
    expect(draftOf({ by: 'plan', id: 4 })).toEqual({ mode: 'plan', value: '4' });
    expect(draftOf({ by: 'robot', id: undefined })).toEqual({ mode: 'all', value: '' });
  });
});
