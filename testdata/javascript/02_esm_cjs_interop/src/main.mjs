import { withParam } from './url.js';

console.log(withParam('/search?q=lamp', 'page', '2'));
