export * from './response-chars';
export * from './length-columns';
export * from './problem-lengths';
export * from './length-intervals';
