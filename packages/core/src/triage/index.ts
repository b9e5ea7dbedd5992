export * from './compare-checkpoints';
export * from './triage-records';
export * from './find-checkpoint';
