export default function (request: { path: string }): string {
  return `handled ${request.path}`;
}
