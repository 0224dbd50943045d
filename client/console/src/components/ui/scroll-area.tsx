/**
 * A box that scrolls its content (a wide table, a long dialog body). Once the content overflows it becomes a
 * focusable, named region, so keyboard users can scroll it with the arrow keys even when nothing inside it takes
 * focus (WCAG 2.1.1); while everything fits it is a plain box and no extra Tab stop.
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';

export interface ScrollAreaProps {
  /** The region's name, read when it scrolls: a text, or the id of the element that has it. */
  label: string | { labelledBy: string };
  className?: string;
  children: ReactNode;
}

export function ScrollArea({ label, className = '', children }: ScrollAreaProps) {
  const { ref, contentRef, scrolls } = useOverflow();
  return (
    <div
      ref={ref}
      role={scrolls ? 'region' : undefined}
      aria-label={scrolls && typeof label === 'string' ? label : undefined}
      aria-labelledby={scrolls && typeof label !== 'string' ? label.labelledBy : undefined}
      tabIndex={scrolls ? 0 : undefined}
      className={`focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-600 ${className}`}
    >
      <div ref={contentRef}>{children}</div>
    </div>
  );
}

/** Whether a box's content is larger than the box, followed as either is resized. */
function useOverflow() {
  const ref = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const box = ref.current;
    const content = contentRef.current;
    if (!box || !content) return;
    const observer = new ResizeObserver(() => check());
    // Why the content's children too: a table growing wider than its box does not resize the box or the wrapper.
    const check = () => {
      for (const child of Array.from(content.children)) observer.observe(child);
      setScrolls(box.scrollHeight > box.clientHeight + 1 || box.scrollWidth > box.clientWidth + 1);
    };
    observer.observe(box);
    observer.observe(content);
    check();
    return () => observer.disconnect();
  }, []);
  return { ref, contentRef, scrolls };
}
