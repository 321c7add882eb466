import { mountStandalone } from '@pitwall/kit';
import App from './app';

/** Standalone dev page: the remote without the shell (sign in through the shell on the same origin first). */
mountStandalone(App);
