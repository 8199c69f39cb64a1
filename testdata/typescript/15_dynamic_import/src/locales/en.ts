export const messages = { hello: 'Hello' };
