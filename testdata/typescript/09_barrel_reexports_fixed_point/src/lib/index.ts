export * from './orders';
export { applyDiscount as discount } from './pricing';
export * as money from './money';
