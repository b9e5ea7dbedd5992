export { alphaPointsOf, type AlphaPoint, type AlphaPoints } from './alpha-points';
export { roundAlpha, type BestAlpha, type CurvePoint } from './best-alpha';
export { suggestAlphas, checkSuggestOptions, type Suggestion, type SuggestionKind, type SuggestOptions, type Refinement } from './suggest';
export { checkRefineSettings, REFINE_DEFAULTS, MAX_REFINE_ALPHAS, type RefineSettings } from './settings';
