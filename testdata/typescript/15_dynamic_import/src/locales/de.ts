export const messages = { hello: 'Hallo' };
