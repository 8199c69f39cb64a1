export * from './format';
export { Money } from './money';
