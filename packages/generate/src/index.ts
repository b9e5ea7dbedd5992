// @frontier/generate: generation backends behind one interface, and code extraction.
export type {
  GenerationBackend,
  GenerationRequest,
  GeneratedSample,
  GenerationLanguage,
  InProcessBackendFactory,
} from './backend';
export { requestedIndexes } from './backend';
export { extractCode, fencedBlocks, languageOfTag, type FencedBlock } from './extract-code';
export { OpenAICompatibleBackend, createOpenAIBackend } from './openai/backend';
export {
  openAIBackendOptionsSchema,
  parseOpenAIBackendOptions,
  InvalidOptionsError,
  type OpenAIBackendOptions,
  type OpenAIBackendOptionsInput,
} from './openai/options';
export { DEFAULT_PROMPT_TEMPLATE, PROMPT_PLACEHOLDERS, renderPrompt } from './openai/prompt';
export { GenerationBackendError, type GenerationErrorDetails } from './openai/errors';
export { ServingError } from './serving/errors';
export { listModels, requireModel, type ListModelsOptions } from './serving/models';
export { launchServer, type LaunchOptions, type LaunchedServer, type ServerExit } from './serving/launch';
export { reloadCheckpoint, type ReloadEngine, type ReloadOptions } from './serving/reload';
export { checkServeCommand, quoteIfNeeded, renderServeCommand, shellQuote } from './serving/shell';
