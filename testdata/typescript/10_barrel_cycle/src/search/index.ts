export * from './query';
export * from '../catalog';
