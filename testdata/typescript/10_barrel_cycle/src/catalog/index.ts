// The two feature barrels re-export each other; resolution must still end.
export * from './products';
export * from '../search';
