/**
 * The `never` default of a switch over a message or event type: a type added to the union and not handled fails to
 * compile there, and a value that slips past the types at run time (a message from an older editor) is reported.
 */
export function unreachable(value: never, what: string): never {
  throw new Error(`Unhandled ${what}: ${JSON.stringify(value)}`);
}
