export type Log = (message: string) => void;

export default function createLogger(scope: string): Log {
  return (message) => console.log(`[${scope}] ${message}`);
}

// the default-exported function is visible in its own module by its name
export function rootLogger(): Log {
  return createLogger('root');
}
