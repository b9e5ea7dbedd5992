export * from './config';
export * from './evaluate';
export * from './job-rows';
export * from './transitions';
