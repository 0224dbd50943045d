/**
 * A theme variable's value as a literal where the theme allows it: Tailwind 4 writes many of its defaults as
 * arithmetic on other variables (`calc(var(--spacing) * 3)`, `calc(1.5 / 1)`), and a project's tokens may point at
 * others (`--color-primary: var(--color-emerald-600)`). The editor compares and shows literals, so the server
 * resolves what it can and keeps the rest as written.
 */

/** A value with no unit or one unit, as CSS writes lengths and ratios. */
interface Quantity {
  amount: number;
  unit: string;
}

function quantityOf(text: string): Quantity | null {
  const match = /^\s*(-?(?:\d+\.?\d*|\.\d+))([a-z%]*)\s*$/i.exec(text);
  return match ? { amount: Number(match[1]), unit: match[2]!.toLowerCase() } : null;
}

/** Enough digits for any length or ratio a designer sets, without float noise (`1.3333`, not `1.33333333333`). */
export function formatQuantity({ amount, unit }: Quantity): string {
  const rounded = Math.round(amount * 10_000) / 10_000;
  return `${Object.is(rounded, -0) ? 0 : rounded}${unit}`;
}

function applyOperator(left: Quantity, operator: string, right: Quantity): Quantity | null {
  switch (operator) {
    case '*':
      if (left.unit && right.unit) return null;
      return { amount: left.amount * right.amount, unit: left.unit || right.unit };
    case '/':
      if (right.unit || right.amount === 0) return null;
      return { amount: left.amount / right.amount, unit: left.unit };
    case '+':
    case '-': {
      // `0` may stand beside any unit; otherwise both sides must agree.
      if (left.unit !== right.unit && left.amount !== 0 && right.amount !== 0) return null;
      const unit = left.unit || right.unit;
      return { amount: operator === '+' ? left.amount + right.amount : left.amount - right.amount, unit };
    }
    default:
      return null;
  }
}

/** `calc(A op B)` with literal operands (one operator), the form Tailwind's theme uses; else null. */
export function evaluateCalc(value: string): string | null {
  const match = /^\s*calc\(\s*([^()\s]+)\s+([*/+-])\s+([^()\s]+)\s*\)\s*$/.exec(value);
  if (!match) return null;
  const left = quantityOf(match[1]!);
  const right = quantityOf(match[3]!);
  if (!left || !right) return null;
  const result = applyOperator(left, match[2]!, right);
  return result ? formatQuantity(result) : null;
}

/** A length times a count (`0.25rem` × 3 → `0.75rem`), or null when the length is not a plain quantity. */
export function multiplyLength(length: string, factor: number): string | null {
  const quantity = quantityOf(length);
  return quantity ? formatQuantity({ amount: quantity.amount * factor, unit: quantity.unit }) : null;
}

/**
 * Puts in the value of every `var(--x)` the theme knows (its own references resolved first, cycles left alone),
 * then evaluates a simple `calc()`. A `var()` the theme does not know (a runtime variable of the page), or one with
 * a fallback, stays: the page may set it.
 */
export function resolveThemeValue(value: string, lookup: (variable: string) => string | undefined, seen = new Set<string>()): string {
  const substituted = value.replace(/var\(\s*(--[\w-]+)\s*\)/g, (whole, name: string) => {
    const found = seen.has(name) ? undefined : lookup(name);
    return found === undefined ? whole : resolveThemeValue(found, lookup, new Set([...seen, name]));
  });
  return evaluateCalc(substituted) ?? substituted.trim();
}
