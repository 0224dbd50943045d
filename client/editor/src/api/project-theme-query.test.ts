import { QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ProjectTheme } from '@contracts/project-theme.js';
import { createProjectThemeQuery } from './project-theme-query';

const theme = (name: string): ProjectTheme => ({
  tailwind: { version: 4, entry: 'src/styles.css' },
  scales: { colors: [{ name, value: '#020617' }], spacing: [], fontSize: [], fontWeight: [], fontFamily: [], lineHeight: [], letterSpacing: [], radius: [], shadow: [], breakpoints: [] },
});

describe('the project theme query', () => {
  it('asks the server once, and again when the project CSS may have changed (a refresh, the window focus)', async () => {
    const paths: string[] = [];
    let answer = theme('slate-950');
    const server = { call: async <T>(path: string) => (paths.push(path), answer as T) };
    const focus = new EventTarget();
    const query = createProjectThemeQuery(server, focus as unknown as Window);
    const observer = new QueryObserver(query.client, query.options);
    // Something must show the theme for a refresh to fetch it: a mounted component, here an observer.
    const unsubscribe = observer.subscribe(() => {});
    expect((await query.client.fetchQuery(query.options)).scales.colors[0]?.name).toBe('slate-950');
    await query.client.fetchQuery(query.options);
    expect(paths).toEqual(['/theme']);
    answer = theme('brand-500');
    await query.refresh();
    expect(query.client.getQueryData(query.options.queryKey)?.scales.colors[0]?.name).toBe('brand-500');
    focus.dispatchEvent(new Event('focus'));
    await expect.poll(() => paths.length).toBe(3);
    unsubscribe();
  });
});
