export function requireUser(token: string): string {
  if (!token) {
    throw new Error('not signed in');
  }
  return token.split('.')[0];
}
