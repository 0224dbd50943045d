/**
 * The studio page's entry. The page started its frames before this ran (`contracts/studio-page-frames.ts`), and they
 * run on this page's thread: the editor's own code (a few hundred milliseconds of evaluation and first render) waits
 * until their documents are parsed and their consoles' modules are on their way, rather than holding them back.
 * The editor's chunk is fetched beside this one (a `modulepreload` of the page), and only evaluated here.
 */
import { whenEarlyFramesParsed } from './frame/early-frames';
import './styles.css';

void whenEarlyFramesParsed().then(() => import('./studio-main'));
