import registerAll, { Modal, buttonClass } from './components';

export function render(): string {
  const names = registerAll();
  return Modal(names.join(', '), `<p class="${buttonClass('ghost')}"></p>`);
}
