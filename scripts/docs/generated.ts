import { CLI_REFERENCE_PATH, cliReference } from './cli-reference';
import { CONFIGURATION_PATH, configurationReference } from './configuration';

/** The reference pages written from code, by path from the repository root. */
export const GENERATED_PAGES: Array<{ path: string; render: () => string }> = [
  { path: CLI_REFERENCE_PATH, render: cliReference },
  { path: CONFIGURATION_PATH, render: configurationReference },
];
