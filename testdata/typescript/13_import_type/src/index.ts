export type { Role, User } from './types';
export { greet, summary } from './greet';
