/**
 * The project's Tailwind class vocabulary for suggestions (`GET /_studio/api/tailwind/classes`), asked once per
 * page: it is the project's own configuration, which does not change while a designer types.
 */
import { useEffect, useState } from 'react';
import { studioCall } from '../api/studio-client';

let vocabulary: Promise<string[]> | null = null;

function loadVocabulary(): Promise<string[]> {
  vocabulary ??= studioCall<{ classes: string[] }>('/tailwind/classes').then(
    (answer) => (Array.isArray(answer.classes) ? answer.classes : []),
    (error: unknown) => {
      vocabulary = null; // asked again next time: the server may have been restarting
      throw error;
    },
  );
  return vocabulary;
}

export function useTailwindVocabulary(): { classes: readonly string[]; error: string | null } {
  const [state, setState] = useState<{ classes: readonly string[]; error: string | null }>({ classes: [], error: null });
  useEffect(() => {
    let current = true;
    loadVocabulary().then(
      (classes) => current && setState({ classes, error: null }),
      (error: unknown) => current && setState({ classes: [], error: `No class suggestions: ${error instanceof Error ? error.message : String(error)}` }),
    );
    return () => {
      current = false;
    };
  }, []);
  return state;
}
