export { alphaPointsOf, type AlphaPoint, type AlphaPoints } from './alpha-points';
export { failureRates } from './frontier-gap';
export { roundAlpha, type BestAlpha, type CurvePoint } from './best-alpha';
export { COLLAPSE_SHARE } from './collapse';
export { defaultRange, RANGE_MARGIN, REFINE_DEFAULTS } from './defaults';
export { intervalReach, intervalText, type OpenEnd } from './open-ends';
export {
  suggestAlphas,
  checkSuggestOptions,
  type Suggestion,
  type SuggestionKind,
  type SuggestOptions,
  type Refinement,
} from './suggest';
export { checkRefineSettings, MAX_REFINE_ALPHAS, type RefineRequest, type RefineSettings } from './settings';
