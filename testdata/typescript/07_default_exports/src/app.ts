import makeLogger from './logger';
import { default as Store } from './store';
import toSlug from './slug';
import handle from './handler';
import config from './config';

export function boot(): void {
  const log = makeLogger('app');
  const pages = new Store<string>('pages');
  pages.put(toSlug('Hello World'), handle({ path: '/' }));
  log(`listening on ${config.host}:${config.port}`);
}
