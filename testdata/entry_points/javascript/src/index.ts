export { start } from './server';
export * from './routes/users';
