import type { Command } from 'commander';

// Each command lives in its own module and registers itself on the program.
export const commands: Array<(program: Command) => void> = [];
