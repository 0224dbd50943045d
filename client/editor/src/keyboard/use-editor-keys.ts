// Replaced by its owner.
export function useEditorKeys(): void {}
