/**
 * The project's Tailwind class vocabulary for suggestions, as a component reads it: asked of the page's
 * `TailwindClasses`, which asks the server once.
 */
import { useEffect, useState } from 'react';
import { useEditorServices } from '../services/editor-services';

export function useTailwindVocabulary(): { classes: readonly string[]; error: string | null } {
  const { tailwind } = useEditorServices();
  const [state, setState] = useState<{ classes: readonly string[]; error: string | null }>({ classes: [], error: null });
  useEffect(() => {
    let current = true;
    tailwind.vocabulary().then(
      (classes) => current && setState({ classes, error: null }),
      (error: unknown) => current && setState({ classes: [], error: `No class suggestions: ${error instanceof Error ? error.message : String(error)}` }),
    );
    return () => {
      current = false;
    };
  }, [tailwind]);
  return state;
}
