export default function Modal(title: string, body: string): string {
  return `<dialog><h2>${title}</h2>${body}</dialog>`;
}
