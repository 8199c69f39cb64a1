export { add } from './math';
export function hello() {}
