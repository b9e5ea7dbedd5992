export * from './solved-rule';
