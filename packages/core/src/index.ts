// @frontier/core: pure maths and domain types shared by browser, server, worker and CLI.
// No I/O and no Node-only APIs here.
export * from './verdict';
export * from './failure-class';
export * from './checkpoint-role';
export * from './checkpoint-name';
export * from './difficulty';
export * from './job';
export * from './alpha-list';
export * from './fail-ratio';
export * from './pass-at-k';
export * from './checkpoint-rates';
export * from './frontier';
export * from './pareto';
export * from './prng';
export * from './quantile';
export * from './bootstrap';
export * from './rate-intervals';
export * from './mcnemar';
export * from './paired-difference';
export * from './ensemble-pass';
export * from './ensemble-allocation';
export * from './ensemble-compare';
export * from './problem-profile';
export * from './solve-matrix';
export * from './study-data';
export * from './serve-command';
export * from './sandbox-backend';
