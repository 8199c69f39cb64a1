globalThis.x = 1;
