// `export *` carries every named export of button.ts, but not its default.
export * from './button';
// a default is re-exported only by naming it
export { default as Modal } from './modal';

// the barrel's own default export
export default function registerAll(): string[] {
  return ['button', 'modal'];
}
