export * from './create';
export * from './cancel';
