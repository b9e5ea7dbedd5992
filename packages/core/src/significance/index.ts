export * from './fisher-exact';
export * from './proportion-intervals';
export * from './false-discovery';
export * from './chi-square';
export * from './rate-homogeneity';
export * from './log-gamma';
export * from './differs-across';
