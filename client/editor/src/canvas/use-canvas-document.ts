// Replaced by its owner.
export function useCanvasDocument(_canvasId: string): void {}
