import { afterEach, describe, expect, it } from 'vitest';
import { textHostOf } from './text-host.js';

const mount = (html: string): Element => {
  const holder = document.createElement('div');
  holder.innerHTML = html;
  document.body.append(holder);
  return holder.firstElementChild!;
};

describe('the element that holds the text edited in place', () => {
  afterEach(() => {
    document.body.replaceChildren();
  });

  it('is the element itself when its children are all text', () => {
    const heading = mount('<h2>Danh sách</h2>');
    expect(textHostOf(heading, undefined)).toBe(heading);
    expect(textHostOf(heading, 'anything')).toBe(heading);
  });

  it("is the inner element a component's markup wraps the source's text in, past an icon that shows no text", () => {
    const button = mount('<button type="button"><svg width="8" height="8"></svg> <span class="label"><b>Save</b></span><!-- x --></button>');
    expect(textHostOf(button, 'Save')).toBe(button.querySelector('b'));
  });

  it("is none when the wrapped text is not the source's, when the text is split, or without the source's text", () => {
    expect(textHostOf(mount('<button><span>Save (3)</span></button>'), 'Save')).toBeNull();
    expect(textHostOf(mount('<button><span>Save</span><span>3</span></button>'), 'Save')).toBeNull();
    expect(textHostOf(mount('<button>Now: <span>Save</span></button>'), 'Save')).toBeNull();
    expect(textHostOf(mount('<button><span>Save</span></button>'), undefined)).toBeNull();
  });
});
