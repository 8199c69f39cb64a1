// Top-level code calls a function declared further down: function
// declarations are hoisted.
const exitCode = run(['build', '--watch']);
console.log(`exit ${exitCode}`);

export function run(argv: string[]): number {
  const [command, ...flags] = argv;
  return dispatch(command, flags);

  // declared after the `return` that calls it
  function dispatch(name: string | undefined, rest: string[]): number {
    return name === 'build' ? build(rest) : usage();
  }
}

function build(flags: string[]): number {
  return flags.includes('--watch') ? 1 : 0;
}

function usage(): number {
  printHelp();
  return 2;
}

function printHelp(): void {
  console.log('usage: cli <command> [flags]');
}

// The inner `summarize` is hoisted to the top of `report`, so the call
// reaches it and not the module-level function of the same name.
export function report(): string {
  return summarize();

  function summarize(): string {
    return 'inner';
  }
}

export function summarize(): string {
  return 'outer';
}
