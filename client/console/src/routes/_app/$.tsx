import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '../../components/ui/not-found';

/** An unknown address inside the console: the shell stays, so the way back is one click. */
export const Route = createFileRoute('/_app/$')({
  component: NotFound,
});
